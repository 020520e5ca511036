/**
 * The contracts' plain runtime values (no Zod) for pages that must not load it: the shopper's
 * loyalty page (docs/decisions/008).
 */
export * from './earning.ts';
export * from './order-status.ts';
export * from './mobile-number.ts';
export * from './widget-look.ts';
