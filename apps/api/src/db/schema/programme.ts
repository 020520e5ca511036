import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  COUPON_CANCEL_REASONS,
  REDEMPTION_STATUSES,
  REFERRAL_COUPON_STATUSES,
  REFERRAL_GIFTS_PER_CODE,
  REFERRAL_GIFTS_PER_DAY,
  REFERRAL_REASONS,
  REFERRAL_REWARD_TYPES,
  REFERRAL_STATUSES,
  REWARD_TYPES,
  RULE_EVENTS,
} from '@nuqat/contracts';
import { merchants } from './merchants.ts';

// The enum columns take their lists from the contracts (one source; text columns, so the order
// of a list is not stored in the database).
export type RuleEvent = (typeof RULE_EVENTS)[number];
export type RewardType = (typeof REWARD_TYPES)[number];

/**
 * How shoppers earn: one row per collection method (spec §3). A rule counts as enabled when
 * points > 0; saving 0 is the spec's delete.
 */
export const loyaltyRules = pgTable(
  'loyalty_rules',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    event: text('event', { enum: RULE_EVENTS }).notNull(),
    points: integer('points').notNull(),
    /** product_review / order_review: 1–5 stars. */
    minRating: integer('min_rating'),
    /** repeat_purchase: every N-th qualifying order. */
    requiredPurchases: integer('required_purchases'),
    /** order.created: minimum order total, in halalas (1 SAR = 100). */
    minOrderTotalHalalas: bigint('min_order_total_halalas', { mode: 'number' }),
    /** purchase_amount: `points` for every this many halalas spent (10000 = per 100 SAR). */
    spendUnitHalalas: bigint('spend_unit_halalas', { mode: 'number' }),
    /** How many times one customer can earn from this rule; null = no cap. */
    maxPerCustomer: integer('max_per_customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.event] }),
    check('loyalty_rules_points_range', sql`${t.points} between 0 and 1000000`),
    check(
      'loyalty_rules_min_rating_range',
      sql`${t.minRating} is null or ${t.minRating} between 1 and 5`,
    ),
    check(
      'loyalty_rules_required_purchases_min',
      sql`${t.requiredPurchases} is null or ${t.requiredPurchases} >= 1`,
    ),
    check(
      'loyalty_rules_min_order_total_min',
      sql`${t.minOrderTotalHalalas} is null or ${t.minOrderTotalHalalas} >= 0`,
    ),
    check(
      'loyalty_rules_spend_unit_min',
      sql`${t.spendUnitHalalas} is null or ${t.spendUnitHalalas} >= 1`,
    ),
    check('loyalty_rules_cap_min', sql`${t.maxPerCustomer} is null or ${t.maxPerCustomer} >= 1`),
  ],
);

export interface FreeProduct {
  id: string;
  name: string;
}

/** What shoppers buy with points; each redemption becomes a Salla coupon. Soft-deleted. */
export const rewards = pgTable(
  'rewards',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    /** The English name; null = the Arabic one (shown left-to-right-safe, decision 035). */
    nameEn: text('name_en'),
    type: text('type', { enum: REWARD_TYPES }).notNull(),
    pointsRequired: integer('points_required').notNull(),
    /** SAR for fixed_discount and cashback, percent for percentage_discount, 0 otherwise. */
    value: integer('value').notNull().default(0),
    description: text('description').notNull().default(''),
    /** The English description; null = the Arabic one. */
    descriptionEn: text('description_en'),
    isActive: boolean('is_active').notNull().default(true),
    /** Total redemptions allowed; null = unlimited. */
    maxUsage: integer('max_usage'),
    /** Minimum cart total for the coupon, whole SAR; 0 = for everyone. */
    minOrderAmount: integer('min_order_amount').notNull().default(0),
    /** free_product: the product(s) the coupon gives. */
    freeProducts: jsonb('free_products').$type<FreeProduct[]>().notNull().default([]),
    /** Days a coupon stays valid after it is issued. */
    couponValidDays: integer('coupon_valid_days').notNull().default(30),
    /** Reserved for this VIP tier and above (docs/decisions/024); null = everyone. */
    minTierId: uuid('min_tier_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    check('rewards_points_required_min', sql`${t.pointsRequired} >= 1`),
    check('rewards_value_min', sql`${t.value} >= 0`),
    check('rewards_percentage_max', sql`${t.type} <> 'percentage_discount' or ${t.value} <= 100`),
    check('rewards_max_usage_min', sql`${t.maxUsage} is null or ${t.maxUsage} >= 1`),
    check('rewards_min_order_amount_min', sql`${t.minOrderAmount} >= 0`),
    check('rewards_coupon_valid_days_range', sql`${t.couponValidDays} between 1 and 365`),
  ],
);

export type RedemptionStatus = (typeof REDEMPTION_STATUSES)[number];

/** A shopper spending points on a reward; `issued` once Salla created the coupon. */
export const redemptions = pgTable(
  'redemptions',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    rewardId: uuid('reward_id').notNull(),
    points: integer('points').notNull(),
    status: text('status', { enum: REDEMPTION_STATUSES }).notNull().default('pending'),
    couponCode: text('coupon_code'),
    sallaCouponId: text('salla_coupon_id'),
    couponExpiresAt: timestamp('coupon_expires_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
    /** The order that used the coupon (its code among the order's discounts). */
    usedOrderId: bigint('used_order_id', { mode: 'number' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The merchant cancelled the unused coupon; its points went back (ledger key coupon_cancel:id). */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * Who cancelled it: the merchant (`coupon_cancel:id`), or Nuqat withdrawing it because the
     * orders whose points bought it were cancelled after the points were spent (`clawback`,
     * ledger key coupon_withdraw:id; docs/decisions/027), or the shopper from the loyalty page
     * within the cancel window (`shopper`, ledger key coupon_cancel:id). Null while not cancelled.
     */
    cancelReason: text('cancel_reason', { enum: COUPON_CANCEL_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    index('redemptions_reward_idx').on(t.merchantId, t.rewardId),
    index('redemptions_customer_idx').on(t.merchantId, t.customerId, t.createdAt),
    index('redemptions_recent_idx').on(t.merchantId, t.createdAt),
    /** An order's discount code is looked up among the store's coupons; also a code prefix (LIKE). */
    index('redemptions_code_idx').on(t.merchantId, t.couponCode.op('text_pattern_ops')),
    /** The reconciliation job looks for redemptions left pending by a crash. */
    index('redemptions_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    check('redemptions_points_positive', sql`${t.points} > 0`),
    check(
      'redemptions_cancel_reason_known',
      sql`${t.cancelReason} is null or ${t.cancelReason} in ('merchant', 'clawback', 'shopper')`,
    ),
  ],
);

/**
 * A store's referral programme (spec §3): what the inviter and the friend get. One row per
 * store, written only by the referrals module; no row means the spec's defaults, switched off.
 */
export const referralSettings = pgTable(
  'referral_settings',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(false),
    participantType: text('participant_type', { enum: REFERRAL_REWARD_TYPES }).notNull(),
    participantValue: integer('participant_value').notNull(),
    participantMaxAmount: integer('participant_max_amount'),
    referralType: text('referral_type', { enum: REFERRAL_REWARD_TYPES }).notNull(),
    referralValue: integer('referral_value').notNull(),
    referralMaxAmount: integer('referral_max_amount'),
    /** Friends' gifts a code gives in all, and the store in any 24 hours (decision 028). */
    giftsPerCode: integer('gifts_per_code').notNull().default(REFERRAL_GIFTS_PER_CODE.default),
    giftsPerDay: integer('gifts_per_day').notNull().default(REFERRAL_GIFTS_PER_DAY.default),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // REFERRAL_GIFTS_PER_CODE and REFERRAL_GIFTS_PER_DAY's bounds.
    check('referral_gifts_per_code_range', sql`${t.giftsPerCode} between 1 and 1000`),
    check('referral_gifts_per_day_range', sql`${t.giftsPerDay} between 1 and 10000`),
    check('referral_participant_value_min', sql`${t.participantValue} >= 0`),
    check('referral_referral_value_min', sql`${t.referralValue} >= 0`),
    check(
      'referral_participant_percent_max',
      sql`${t.participantType} <> 'percentage' or ${t.participantValue} <= 100`,
    ),
    check(
      'referral_referral_percent_max',
      sql`${t.referralType} <> 'percentage' or ${t.referralValue} <= 100`,
    ),
  ],
);

/**
 * Each shopper's referral code (docs/decisions/021): made the first time their loyalty page is
 * read, then stable. A code names one shopper of one store.
 */
export const referralCodes = pgTable(
  'referral_codes',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.code] }),
    uniqueIndex('referral_codes_customer_idx').on(t.merchantId, t.customerId),
  ],
);

/**
 * One friend's claim of an inviter's code, and what became of it: the friend's coupon (issued at
 * the claim), the friend's first order, the inviter's coupon (issued when that order's points
 * became spendable). Refused claims are kept too (status blocked, with the reason). Each coupon
 * has its code chosen before Salla is asked, so a retry can only ever make that one coupon; a
 * lease (`*_attempt_at`) keeps two workers from asking at once.
 */
export const referrals = pgTable(
  'referrals',
  {
    merchantId: bigint('merchant_id', { mode: 'number' })
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    code: text('code').notNull(),
    /** null when the code named nobody (a blocked attempt). */
    inviterCustomerId: bigint('inviter_customer_id', { mode: 'number' }),
    /** Lower-cased, as the friend typed it: their gift is mailed there; null once the friend's data was erased (docs/decisions/029). */
    friendEmail: text('friend_email'),
    /**
     * The mailbox behind it, `emailKey(friendEmail)`: what "one gift per e-mail" and the other
     * identity checks compare (decision 028). Null on a claim made before keys that repeated an
     * earlier claim's mailbox (kept as history, it counts as no mailbox's claim), and once erased.
     */
    friendEmailKey: text('friend_email_key'),
    friendCustomerId: bigint('friend_customer_id', { mode: 'number' }),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull(),
    reason: text('reason', { enum: REFERRAL_REASONS }),
    /** The rewards as they were when the friend claimed (a later settings change keeps them). */
    friendType: text('friend_type', { enum: REFERRAL_REWARD_TYPES }).notNull(),
    friendValue: integer('friend_value').notNull(),
    friendMaxAmount: integer('friend_max_amount'),
    inviterType: text('inviter_type', { enum: REFERRAL_REWARD_TYPES }).notNull(),
    inviterValue: integer('inviter_value').notNull(),
    inviterMaxAmount: integer('inviter_max_amount'),
    friendCouponCode: text('friend_coupon_code'),
    friendCouponStatus: text('friend_coupon_status', { enum: REFERRAL_COUPON_STATUSES })
      .notNull()
      .default('none'),
    friendSallaCouponId: text('friend_salla_coupon_id'),
    friendCouponExpiresAt: timestamp('friend_coupon_expires_at', { withTimezone: true }),
    friendAttemptAt: timestamp('friend_attempt_at', { withTimezone: true }),
    friendUsedOrderId: bigint('friend_used_order_id', { mode: 'number' }),
    friendDiscountHalalas: bigint('friend_discount_halalas', { mode: 'number' }),
    inviterCouponCode: text('inviter_coupon_code'),
    inviterCouponStatus: text('inviter_coupon_status', { enum: REFERRAL_COUPON_STATUSES })
      .notNull()
      .default('none'),
    inviterSallaCouponId: text('inviter_salla_coupon_id'),
    inviterCouponExpiresAt: timestamp('inviter_coupon_expires_at', { withTimezone: true }),
    inviterAttemptAt: timestamp('inviter_attempt_at', { withTimezone: true }),
    inviterAttempts: integer('inviter_attempts').notNull().default(0),
    inviterUsedOrderId: bigint('inviter_used_order_id', { mode: 'number' }),
    inviterDiscountHalalas: bigint('inviter_discount_halalas', { mode: 'number' }),
    /** The friend's first order, once seen. */
    orderId: bigint('order_id', { mode: 'number' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.id] }),
    /** One gift per mailbox per store, however it is spelled: refused attempts do not count. */
    uniqueIndex('referrals_friend_email_key_idx')
      .on(t.merchantId, t.friendEmailKey)
      .where(sql`${t.status} <> 'blocked'`),
    /** The gifts a code gave (its cap). */
    index('referrals_code_idx')
      .on(t.merchantId, t.code)
      .where(sql`${t.status} <> 'blocked'`),
    index('referrals_inviter_idx').on(t.merchantId, t.inviterCustomerId, t.completedAt),
    index('referrals_recent_idx').on(t.merchantId, t.claimedAt, t.id),
    /** The settlement job: referrals still waiting, of every store. */
    index('referrals_pending_idx')
      .on(t.merchantId)
      .where(sql`${t.status} = 'pending'`),
    index('referrals_friend_code_idx').on(t.merchantId, t.friendCouponCode),
    /**
     * The friend's coupons on the shopper's loyalty page (nuqat_shopper_read, findReferralCoupons):
     * named by their customer id or by their mailbox, each side an index, so a read takes the
     * shopper's few rows instead of every referral of the store (decision 068).
     */
    index('referrals_friend_customer_idx')
      .on(t.merchantId, t.friendCustomerId)
      .where(sql`${t.friendCouponStatus} <> 'none'`),
    index('referrals_friend_mailbox_idx')
      .on(t.merchantId, sql`nuqat_email_key(${t.friendEmail})`)
      .where(sql`${t.friendCouponStatus} <> 'none'`),
    index('referrals_inviter_code_idx').on(t.merchantId, t.inviterCouponCode),
  ],
);
