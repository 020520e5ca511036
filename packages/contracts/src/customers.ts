import { z } from 'zod';
import { successEnvelope } from './common.ts';
import { MerchantIdSchema } from './merchants.ts';
import { CouponCancelReasonSchema, RedemptionStatusSchema } from './rewards.ts';
import { TierBriefSchema, TierChangeSchema } from './tiers.ts';

/**
 * The merchant's shoppers (issue 13, docs/decisions/017), all under /api/merchants/customers and
 * all for the caller's store only (another store's shopper is 404):
 *
 * - GET  /customers                    the list (search, sort, filters, keyset pages)
 * - GET  /customers/export.csv         the same list as CSV (same query, no cursor/limit)
 * - GET  /customers/ledger.csv         every ledger row of a date range as CSV
 * - POST /customers/import?dryRun=1|0  opening balances from a CSV body (text/csv)
 * - GET  /customers/:id                one shopper's account
 * - GET  /customers/:id/ledger         their ledger, newest first (keyset pages)
 * - POST /customers/:id/adjust         add or remove points by hand, once per idempotency key
 * - POST /customers/:id/forgive-debt   let them off the points they owe, once per idempotency key
 * - GET  /customers/:id/data           everything Nuqat keeps about them (privacy export, JSON)
 * - POST /customers/:id/erase          remove their personal fields (privacy erasure)
 *
 * Money is SAR (two decimals at most), points are integers, times ISO 8601 (UTC). A shopper's id
 * is Salla's customer id. CSV files are UTF-8 with a byte-order mark (Excel shows Arabic right)
 * and a header row in the request's language (Accept-Language: en…, else Arabic).
 */

const Points = z.number().int();
const Count = z.number().int().min(0);
const Sar = z.number();
const Time = z.iso.datetime();
/** The `nextCursor` of the previous page: opaque, only ever passed back. */
const Cursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,300}$/)
  .optional();

// ---- The list ---------------------------------------------------------------------------------

/** joined: first seen by Nuqat; last_order: the newest order placed (shoppers without one last). */
export const CUSTOMER_SORTS = ['joined', 'balance', 'last_order', 'spend'] as const;
export type CustomerSort = z.infer<typeof CustomerSortSchema>;
export const CustomerSortSchema = z.enum(CUSTOMER_SORTS);
export const SORT_ORDERS = ['desc', 'asc'] as const;

export const CUSTOMERS_PAGE_MAX = 100;
/** The largest balance a filter may name (the ledger's integer range). */
export const BALANCE_FILTER_MAX = 2_000_000_000;

/**
 * What the list shows and the CSV export writes. `q`, in any case: a whole e-mail matches that
 * e-mail; digits match a Salla customer id, and nine digits or more a mobile by its last nine
 * digits (+966 5…, 05… and 5… alike); anything else matches any part of the name, e-mail or mobile
 * (three characters at least).
 * Filters combine (AND): balance within [minBalance, maxBalance]; inactive = no order placed in
 * the last `inactiveDays` days (a shopper who never ordered counts from when they joined);
 * expiring = points that expire within `expiringDays` days.
 */
const CustomersFilterShape = z.strictObject({
  q: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((v) => v.length >= 3 || /^\d+$/.test(v), {
      message: 'Search needs three characters at least, or a Salla customer id',
    })
    .optional(),
  sort: CustomerSortSchema.default('joined'),
  order: z.enum(SORT_ORDERS).default('desc'),
  minBalance: z.coerce.number().int().min(0).max(BALANCE_FILTER_MAX).optional(),
  maxBalance: z.coerce.number().int().min(0).max(BALANCE_FILTER_MAX).optional(),
  inactiveDays: z.coerce.number().int().min(1).max(3650).optional(),
  expiringDays: z.coerce.number().int().min(1).max(365).optional(),
  /** Customers in this VIP tier, or in none. */
  tier: z.union([z.guid(), z.literal('none')]).optional(),
});
const balanceRange = (v: { minBalance?: number | undefined; maxBalance?: number | undefined }) =>
  v.minBalance === undefined || v.maxBalance === undefined || v.minBalance <= v.maxBalance;
const balanceRangeIssue = { path: ['maxBalance'], message: 'maxBalance is below minBalance' };

export const CustomersFilterSchema = CustomersFilterShape.refine(balanceRange, balanceRangeIssue);
export type CustomersFilter = z.infer<typeof CustomersFilterSchema>;

export const CustomersQuerySchema = CustomersFilterShape.extend({
  cursor: Cursor,
  limit: z.coerce.number().int().min(1).max(CUSTOMERS_PAGE_MAX).default(25),
}).refine(balanceRange, balanceRangeIssue);
export type CustomersQuery = z.infer<typeof CustomersQuerySchema>;

export const CustomerSummarySchema = z.object({
  /** Salla's customer id. */
  id: MerchantIdSchema,
  /** Empty once erased (or when Salla never sent one). */
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Spendable points now. */
  balance: Points,
  /**
   * Points the customer owes (docs/decisions/027): an order cancelled or refunded after its points
   * were spent, which neither the balance nor their withdrawn coupons covered. The next points
   * they get repay it first; while it is above 0 the balance is 0.
   */
  pointsOwed: Count,
  /** Points of earned orders waiting for their status and holding period. */
  pendingPoints: Points,
  /** Every credit ever (orders, bonuses, adjustments, imports), except redemptions rolled back. */
  lifetimeEarned: Points,
  /** Points spent on coupons, less those given back (coupon failed or cancelled). */
  lifetimeRedeemed: Points,
  /** Counted orders: not cancelled, deleted, returned or fully refunded. */
  orders: Count,
  /** Their value less refunds. */
  spend: Sar,
  /** The newest order placed, whatever became of it; null = none. */
  lastOrderAt: Time.nullable(),
  joinedAt: Time,
  /** Personal fields removed on request (privacy). */
  erasedAt: Time.nullable(),
  /** The VIP tier now; null = none (or tiers off). */
  tier: TierBriefSchema.nullable(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const CustomersPageSchema = z.object({
  items: z.array(CustomerSummarySchema),
  /** null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CustomersPage = z.infer<typeof CustomersPageSchema>;
export const CustomersResponseSchema = successEnvelope(CustomersPageSchema);

// ---- One shopper --------------------------------------------------------------------------------

export const CustomerParamsSchema = z.object({ id: MerchantIdSchema });

/** Why a ledger row happened: its kind and source, in words a screen can label. */
export const LEDGER_CAUSES = [
  'order',
  'repeat_purchase',
  'signup',
  'birthday',
  'review',
  'referral',
  'refund',
  'redemption',
  'redemption_returned',
  'coupon_cancelled',
  /** A coupon withdrawn at Salla because the points that bought it were clawed back. */
  'coupon_withdrawn',
  /** A coupon whose points were given back but that an order used all the same: taken again. */
  'coupon_reclaimed',
  /** Points owed, repaid from points the customer got. */
  'debt_repaid',
  /** Points owed, forgiven by the merchant. */
  'debt_forgiven',
  'expiry',
  'adjustment',
  'import',
  'other',
] as const;
export const LedgerCauseSchema = z.enum(LEDGER_CAUSES);
export type LedgerCause = z.infer<typeof LedgerCauseSchema>;

export const LedgerEntrySchema = z.object({
  id: MerchantIdSchema,
  at: Time,
  /** Signed; 0 when a debit found nothing left to take (see shortfall). */
  points: Points,
  /** The ledger kind: earn, redeem, redeem_rollback, clawback, expire, adjust, referral, import. */
  kind: z.string(),
  cause: LedgerCauseSchema,
  /** The order behind it (order points, repeat bonus, refund/clawback). */
  orderId: MerchantIdSchema.nullable(),
  /** Its reference as the shopper knows it (Salla's order number), when known. */
  orderReference: z.string().nullable(),
  /** The coupon behind it (redemption, returned, cancelled). */
  couponId: z.guid().nullable(),
  /** Points a debit could not take (balance never goes below zero). */
  shortfall: Count,
  /**
   * How it moved the points owed: the part of the shortfall now owed (+), a repayment or the
   * merchant's forgiveness (−). The rest of a shortfall was forgiven (`forgiven`).
   */
  owed: Points,
  /** The part of the shortfall written off (a store that forgives, or points never spent). */
  forgiven: Count,
  /** Expiry of a credit's points; null = never. */
  expiresAt: Time.nullable(),
  /** An adjustment's reason; a redemption's reward name. */
  note: z.string().nullable(),
  /** An adjustment: when and through which back-office session it was made. */
  adjustedBy: z.object({ sessionId: z.guid().nullable() }).nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const ExpiringLotSchema = z.object({ points: Points, expiresAt: Time });

export const CustomerCouponSchema = z.object({
  id: z.guid(),
  code: z.string().nullable(),
  status: RedemptionStatusSchema,
  points: Points,
  rewardName: z.string(),
  createdAt: Time,
  expiresAt: Time.nullable(),
  usedAt: Time.nullable(),
  usedOrderId: MerchantIdSchema.nullable(),
  cancelledAt: Time.nullable(),
  /** Who cancelled it: the merchant, or Nuqat withdrawing it for a clawback. */
  cancelReason: CouponCancelReasonSchema.nullable(),
});

export const CustomerOrderSchema = z.object({
  id: MerchantIdSchema,
  reference: z.string().nullable(),
  /** Salla's status slug, newest seen. */
  status: z.string().nullable(),
  placedAt: Time.nullable(),
  total: Sar,
  refunded: Sar,
  cancelled: z.boolean(),
  fullyRefunded: z.boolean(),
  /** The engine's decision: earned, pending, no_rule, below_minimum, over_limit, … */
  earnStatus: z.string(),
  /** Points the order rules gave it (pending until releasedAt). */
  points: Points,
  releasedAt: Time.nullable(),
  /**
   * How its purchase points were worked out (decision 048): `lines` — from its lines under the
   * store's product rules; `total` — the store had product rules but Salla sent the order without
   * its lines, so it earned on its total. Null: the store had no product rules.
   */
  earningBasis: z.enum(['lines', 'total']).nullable(),
});

/** How many of each list the account shows (newest first); the ledger has its own pages. */
export const ACCOUNT_LIST_SIZE = 50;

export const CustomerAccountSchema = z.object({
  customer: CustomerSummarySchema,
  /** Open lots with an expiry, soonest first (what is left of each credit, and when it goes). */
  expiring: z.array(ExpiringLotSchema),
  coupons: z.array(CustomerCouponSchema),
  orders: z.array(CustomerOrderSchema),
  /** VIP tier changes, newest first, with their causes; empty when tiers were never on. */
  tierChanges: z.array(TierChangeSchema),
  /** Clawed-back points written off over time (shortfalls forgiven, debts forgiven). */
  pointsForgiven: Count,
  /**
   * Withdrawing their unused coupons at Salla to cover what they owe: queued or being retried
   * (pending), given up after repeated failures (failed); null when there is nothing to do.
   */
  couponRecovery: z
    .object({
      status: z.enum(['pending', 'failed']),
      nextAttemptAt: Time.nullable(),
    })
    .nullable(),
});
export type CustomerAccount = z.infer<typeof CustomerAccountSchema>;
export const CustomerAccountResponseSchema = successEnvelope(CustomerAccountSchema);

export const LEDGER_PAGE_MAX = 200;
export const CustomerLedgerQuerySchema = z.strictObject({
  cursor: Cursor,
  limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).default(50),
});
export const CustomerLedgerPageSchema = z.object({
  items: z.array(LedgerEntrySchema),
  nextCursor: z.string().nullable(),
});
export const CustomerLedgerResponseSchema = successEnvelope(CustomerLedgerPageSchema);

// ---- Manual adjustment ------------------------------------------------------------------------

export const ADJUSTMENT_MAX = 1_000_000;

/**
 * Adds (positive) or removes (negative) points. A removal takes from the shopper's lots as a
 * redemption does and never takes the balance below zero (409 ADJUSTMENT_EXCEEDS_BALANCE). The
 * form makes one `idempotencyKey` per submit: sent again with the same body it gets the first
 * answer again; with another body, 409 IDEMPOTENCY_KEY_REUSED.
 */
export const AdjustPointsBodySchema = z.strictObject({
  points: z
    .number()
    .int()
    .min(-ADJUSTMENT_MAX)
    .max(ADJUSTMENT_MAX)
    .refine((v) => v !== 0, { message: 'points must not be zero' }),
  reason: z.string().trim().min(3).max(200),
  idempotencyKey: z.guid(),
});
export type AdjustPointsBody = z.infer<typeof AdjustPointsBodySchema>;

export const AdjustmentSchema = z.object({
  idempotencyKey: z.guid(),
  customerId: MerchantIdSchema,
  points: Points,
  reason: z.string(),
  /** The balance right after it. */
  balanceAfter: Points,
  ledgerId: MerchantIdSchema,
  sessionId: z.guid().nullable(),
  at: Time,
});
export type Adjustment = z.infer<typeof AdjustmentSchema>;
export const AdjustmentResponseSchema = successEnvelope(AdjustmentSchema);

// ---- Points owed ----------------------------------------------------------------------------------

/** Lets the customer off all they owe, once per key (the same key again forgives nothing more). */
export const ForgiveDebtBodySchema = z.strictObject({ idempotencyKey: z.guid() });
export type ForgiveDebtBody = z.infer<typeof ForgiveDebtBodySchema>;

export const ForgiveDebtResultSchema = z.object({
  /** Points forgiven by this call (0 when nothing was owed, or the key was used before). */
  forgiven: Count,
  customer: CustomerSummarySchema,
});
export type ForgiveDebtResult = z.infer<typeof ForgiveDebtResultSchema>;
export const ForgiveDebtResponseSchema = successEnvelope(ForgiveDebtResultSchema);

// ---- CSV export ---------------------------------------------------------------------------------

export const CustomersExportQuerySchema = CustomersFilterSchema;

/** Ledger rows created in [from, to] (days in Riyadh time, to inclusive), at most a year. */
export const LedgerExportQuerySchema = z
  .strictObject({
    from: z.iso.date(),
    to: z.iso.date(),
  })
  .refine((v) => v.from <= v.to, { path: ['to'], message: 'to is before from' })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 366 * 86_400_000, {
    path: ['to'],
    message: 'At most a year',
  });

// ---- CSV import of opening balances -------------------------------------------------------------

/** The largest file accepted (bytes) and the most rows in it. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
export const IMPORT_POINTS_MAX = 10_000_000;

/**
 * The CSV (text/csv, UTF-8, a BOM allowed, comma or semicolon): a header row naming a shopper
 * column — `customer_id` (Salla's id) or `email` — and a `points` column (a whole number above
 * zero); other columns are ignored. Arabic headers are read too (رقم العميل, البريد الإلكتروني,
 * النقاط).
 */
export const ImportQuerySchema = z.strictObject({
  dryRun: z.enum(['0', '1']).default('1'),
});

export const IMPORT_PROBLEMS = [
  /** No shopper of this store with that id or e-mail (compared by its key: see emailKey). */
  'unknown_shopper',
  /** Points missing, not a whole number, zero or less, or above the maximum. */
  'bad_number',
  /** Neither a customer id nor an e-mail on the row. */
  'missing_shopper',
  /** The same shopper again further down the file (only the first row counts). */
  'duplicate_in_file',
  /**
   * The shopper already has an opening balance — from this file, another file, or an import
   * that ran at the same time and got there first: one per shopper.
   */
  'already_imported',
  /** The shopper's personal data was erased. */
  'erased_shopper',
  /** Several shoppers of the store have this e-mail (one mailbox, two accounts): use the id. */
  'ambiguous_shopper',
] as const;
export const ImportProblemSchema = z.enum(IMPORT_PROBLEMS);
export type ImportProblem = z.infer<typeof ImportProblemSchema>;

export const ImportRowProblemSchema = z.object({
  /** The line in the file (the header is line 1). */
  line: z.number().int().min(2),
  problem: ImportProblemSchema,
  /** The shopper as written on the row. */
  value: z.string(),
});

export const ImportResultSchema = z.object({
  dryRun: z.boolean(),
  /** SHA-256 of the file: the import's identity (the same file again changes nothing). */
  fileHash: z.string(),
  rows: Count,
  /** Rows that are (dry run) or were written as one `import` ledger row each. */
  good: Count,
  points: Points,
  problems: z.array(ImportRowProblemSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;
export const ImportResponseSchema = successEnvelope(ImportResultSchema);

// ---- Privacy ------------------------------------------------------------------------------------

/** Everything Nuqat keeps about one shopper, for a data-access request. */
export const CustomerDataSchema = z.object({
  exportedAt: Time,
  profile: z.object({
    id: MerchantIdSchema,
    firstName: z.string(),
    lastName: z.string(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    avatar: z.string().nullable(),
    birthday: z.string().nullable(),
    joinedAt: Time,
    erasedAt: Time.nullable(),
  }),
  balance: Points,
  ledger: z.array(LedgerEntrySchema),
  orders: z.array(CustomerOrderSchema),
  coupons: z.array(CustomerCouponSchema),
  sessions: z.array(
    z.object({ id: z.guid(), createdAt: Time, expiresAt: Time, revokedAt: Time.nullable() }),
  ),
});
export type CustomerData = z.infer<typeof CustomerDataSchema>;
export const CustomerDataResponseSchema = successEnvelope(CustomerDataSchema);

/**
 * Erasure (docs/decisions/029): name, e-mail, mobile, avatar and birthday removed for good, and
 * everywhere else Nuqat kept them — sign-in codes deleted, sessions ended, the stored Salla
 * events and dead letters about the shopper cut to what the ledger needs, their address taken out
 * of referrals, notes, waiting mails and rate-limit counters. Salla's later events do not bring
 * any of it back. The ledger, lots, orders and coupons stay, under Salla's numeric id only, so the
 * store's totals stay true. Erasing twice answers the same.
 */
export const EraseResultSchema = z.object({
  customer: CustomerSummarySchema,
  sessionsEnded: Count,
  webhookPayloadsBlanked: Count,
  deadLettersBlanked: Count,
  /** Referrals whose friend's address was theirs. */
  referralsBlanked: Count,
});
export const EraseResponseSchema = successEnvelope(EraseResultSchema);
