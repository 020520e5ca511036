/**
 * The salla module's front door: the only file other modules may import (docs/decisions/016).
 */
export { countPendingDeadLetters, redactShopperDeadLetters } from './dead-letters.repository.ts';
export { createSallaJobs } from './salla-jobs.ts';
export type { SallaJobs } from './salla-jobs.ts';
export { createSallaTokenService } from './salla-tokens.service.ts';
export type { SallaTokenService } from './salla-tokens.service.ts';
export { sallaWebhookRoutes } from './webhooks.routes.ts';
export { createWebhookService } from './webhooks.service.ts';
export type { ReplayReport } from './delivery-body.ts';
export type { WebhookService } from './webhooks.service.ts';
export { PURGE_RUN_STALE_MS, UNINSTALL_GRACE_DAYS, createStorePurge } from './store-purge.ts';
export type { StorePurge } from './store-purge.ts';
export {
  couponRequest,
  createOrConfirmCoupon,
  generateCouponCode,
  isOurCodeTaken,
  riyadhDate,
} from './coupons.ts';
export type { CouponOffer } from './coupons.ts';
