/**
 * The merchants module's front door: the only file other modules may import (docs/decisions/016).
 */
export {
  ensureMerchant,
  findMerchantByEmail,
  findMerchantById,
  lockMerchant,
  recordMerchantLanguage,
  updateMerchantPassword,
  updateSocialLinks,
} from './merchants.repository.ts';
export type { MerchantRow } from './merchants.repository.ts';
export { merchantsRoutes } from './merchants.routes.ts';
export { createMerchantsService, toMerchantSettings } from './merchants.service.ts';
export type { CreateMerchantInput, MerchantsService } from './merchants.service.ts';
export { monthlyOrderLimit, planPeriodStart, subscriptionActive } from './plan-rules.ts';
export {
  claimProfileFetch,
  deleteMerchant,
  markInstalled,
  markNeedsReinstall,
  markUninstalled,
  recordAuthorization,
  recordSubscription,
  replaceSealedTokens,
  saveProfile,
  saveSallaTokens,
  setProgrammeEnabled,
  stopProfileFetch,
} from './store-operations.repository.ts';
export type {
  ProfileChange,
  SealedTokens,
  SubscriptionChange,
} from './store-operations.repository.ts';
export { widgetRoutes } from './widget.routes.ts';
export { createWidgetService, storeWidget, widgetOf } from './widget.service.ts';
export type { WidgetService } from './widget.service.ts';
