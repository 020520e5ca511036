/**
 * The engine module's front door: the only file other modules may import (docs/decisions/016).
 */
export { claimDueRecoveries, findDebtRecovery, settleRecovery } from './debt-queue.repository.ts';
export type { RecoveryClaim } from './debt-queue.repository.ts';
export {
  RIYADH_OFFSET_MS,
  earningBlock,
  heldOut,
  riyadhToday,
  subscriptionActive,
  toHalalas,
} from './engine-rules.ts';
export { findCustomer, findCustomersByIds, findRules, lockCustomer } from './engine.repository.ts';
export { endHoldout } from './holdout.service.ts';
export type { RuleRow } from './engine.repository.ts';
export { expiryFor } from './points-rules.ts';
export type {
  CustomerFacts,
  OrderEventKind,
  OrderFacts,
  OrderLine,
  OrderStage,
  RefundFacts,
  ReviewFacts,
} from './facts.ts';
export { createEventIntake } from './intake.ts';
export type { EventIntake, EventOutcome, EventResult, StoreEvent } from './intake.ts';
export { claimJobRun, finishJobRun, touchJobRun } from './jobs.repository.ts';
export { createJobsService } from './jobs.service.ts';
export type { JobsService } from './jobs.service.ts';
export {
  REDACT_BATCH,
  deleteJournal,
  deliveryExists,
  insertWebhookEvent,
  redactShopperEvents,
} from './journal.repository.ts';
export { lockCustomerBalance } from './ledger.repository.ts';
export {
  creditPoints,
  creditPointsMany,
  debitPoints,
  forgiveDebt,
  rewriteLedgerNotes,
} from './ledger.service.ts';
export type { Shortfall } from './ledger.service.ts';
export {
  eraseShopperProfile,
  setCustomerLanguage,
  setCustomerUnsubscribed,
} from './shopper-row.repository.ts';
