export * from './merchants.ts';
export * from './auth.ts';
export * from './programme.ts';
export * from './ledger.ts';
export * from './shopper.ts';
export * from './insights.ts';
export * from './tiers.ts';
export * from './notifications.ts';
