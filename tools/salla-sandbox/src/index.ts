export * from './server.ts';
export * from './payloads.ts';
export * from './sender.ts';
export * from './demo-store.ts';
export * from './catalogue.ts';
