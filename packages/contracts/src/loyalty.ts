import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * The six collection methods of spec §3, in the order the points screen lists them, then
 * `purchase_amount` (points per riyal spent, docs/decisions/010). The six event names are the
 * spec's, so a client written against the spec keeps working.
 */
export const RULE_EVENTS = [
  'birthday',
  'product_review',
  'signup',
  'order_review',
  'repeat_purchase',
  'order.created',
  'purchase_amount',
  // Ways to earn beyond buying (issue 29, docs/decisions/052): each once per shopper.
  'follow_instagram',
  'follow_x',
  'follow_tiktok',
  'follow_snapchat',
  'profile_complete',
  'newsletter',
] as const;
export const RuleEventSchema = z.enum(RULE_EVENTS);

/** The ways to earn a shopper claims on the loyalty page, each once (docs/decisions/052). */
export const EARN_ACTION_EVENTS = [
  'follow_instagram',
  'follow_x',
  'follow_tiktok',
  'follow_snapchat',
  'profile_complete',
  'newsletter',
] as const satisfies readonly (typeof RULE_EVENTS)[number][];
export type EarnActionEvent = (typeof EARN_ACTION_EVENTS)[number];
export const EarnActionEventSchema = z.enum(EARN_ACTION_EVENTS);
export type RuleEvent = z.infer<typeof RuleEventSchema>;

export type RuleField = 'minRating' | 'requiredPurchases' | 'minOrderTotal' | 'spendUnit';

/**
 * The extra fields each method takes (spec §3): a rating, a purchase count or an order total;
 * points per riyal takes the spend unit and, like the order rule, a minimum order total.
 */
export const RULE_EVENT_FIELDS = {
  birthday: [],
  product_review: ['minRating'],
  signup: [],
  order_review: ['minRating'],
  repeat_purchase: ['requiredPurchases'],
  'order.created': ['minOrderTotal'],
  purchase_amount: ['spendUnit', 'minOrderTotal'],
  follow_instagram: [],
  follow_x: [],
  follow_tiktok: [],
  follow_snapchat: [],
  profile_complete: [],
  newsletter: [],
} as const satisfies Record<RuleEvent, readonly RuleField[]>;

/** Each method's main extra field (the first of RULE_EVENT_FIELDS), null when it has none. */
export const RULE_EVENT_FIELD = {
  birthday: null,
  product_review: 'minRating',
  signup: null,
  order_review: 'minRating',
  repeat_purchase: 'requiredPurchases',
  'order.created': 'minOrderTotal',
  purchase_amount: 'spendUnit',
  follow_instagram: null,
  follow_x: null,
  follow_tiktok: null,
  follow_snapchat: null,
  profile_complete: null,
  newsletter: null,
} as const satisfies Record<RuleEvent, RuleField | null>;

export function ruleTakesField(event: RuleEvent, field: RuleField): boolean {
  return (RULE_EVENT_FIELDS[event] as readonly RuleField[]).includes(field);
}

/** Bounds of spec §5 and §9, shared by the API, the forms and the tests. */
export const LOYALTY_LIMITS = {
  /** Saving 0 disables a method (the spec's delete); the database allows up to a million. */
  points: { min: 0, max: 1_000_000 },
  minRating: { min: 1, max: 5 },
  requiredPurchases: { min: 1, max: 1000 },
  /** Whole riyals. */
  minOrderTotal: { min: 0, max: 1_000_000 },
  maxPerCustomer: { min: 1, max: 10_000 },
  /** Points per riyal: `points` for every `spendUnit` whole riyals spent (1 = per SAR). */
  spendUnit: { min: 1, max: 100_000 },
} as const;

export const LOYALTY_DEFAULTS = {
  points: 30,
  minRating: 1,
  requiredPurchases: 1,
  minOrderTotal: 0,
  /** Points per riyal opens as "1 point for every 1 SAR", not the spec's 30 per method. */
  purchaseAmountPoints: 1,
  spendUnit: 1,
} as const;

const int = (limits: { min: number; max: number }) =>
  z.number().int().min(limits.min).max(limits.max);

export const RulePointsSchema = int(LOYALTY_LIMITS.points);
export const MinRatingSchema = int(LOYALTY_LIMITS.minRating);
export const RequiredPurchasesSchema = int(LOYALTY_LIMITS.requiredPurchases);
export const MinOrderTotalSchema = int(LOYALTY_LIMITS.minOrderTotal);
/** Whole riyals (stored as halalas, 100 = per SAR). */
export const SpendUnitSchema = int(LOYALTY_LIMITS.spendUnit);
/** How many times one shopper can earn from the method; null = no cap. */
export const MaxPerCustomerSchema = int(LOYALTY_LIMITS.maxPerCustomer).nullable();

const ruleBase = {
  points: RulePointsSchema,
  maxPerCustomer: MaxPerCustomerSchema.default(null),
};

/**
 * POST /api/loyalty: one method, saved by event (an upsert). Each event takes only its own extra
 * field; unknown events and unknown fields are 400. `points: 0` disables the method.
 */
export const SaveLoyaltyRuleRequestSchema = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('birthday'), ...ruleBase }),
  z.strictObject({ event: z.literal('signup'), ...ruleBase }),
  // Once per shopper by nature (docs/decisions/052).
  ...EARN_ACTION_EVENTS.map((event) => z.strictObject({ event: z.literal(event), ...ruleBase })),
  z.strictObject({
    event: z.literal('product_review'),
    ...ruleBase,
    minRating: MinRatingSchema.default(LOYALTY_DEFAULTS.minRating),
  }),
  z.strictObject({
    event: z.literal('order_review'),
    ...ruleBase,
    minRating: MinRatingSchema.default(LOYALTY_DEFAULTS.minRating),
  }),
  z.strictObject({
    event: z.literal('repeat_purchase'),
    ...ruleBase,
    requiredPurchases: RequiredPurchasesSchema.default(LOYALTY_DEFAULTS.requiredPurchases),
  }),
  z.strictObject({
    event: z.literal('order.created'),
    ...ruleBase,
    minOrderTotal: MinOrderTotalSchema.default(LOYALTY_DEFAULTS.minOrderTotal),
  }),
  /**
   * `points` for every `spendUnit` riyals of the order's sub-total less discounts (no shipping,
   * no tax), rounded down; the minimum total and the cap work as on `order.created`.
   */
  z.strictObject({
    event: z.literal('purchase_amount'),
    ...ruleBase,
    spendUnit: SpendUnitSchema.default(LOYALTY_DEFAULTS.spendUnit),
    minOrderTotal: MinOrderTotalSchema.default(LOYALTY_DEFAULTS.minOrderTotal),
  }),
]);
export type SaveLoyaltyRuleRequest = z.infer<typeof SaveLoyaltyRuleRequestSchema>;
export type SaveLoyaltyRuleInput = z.input<typeof SaveLoyaltyRuleRequestSchema>;

/**
 * One collection method as the merchant sees it. Every event is always listed; a method never
 * saved has 0 points and `updatedAt: null`. Fields that do not apply to the event are null.
 */
export const LoyaltyRuleSchema = z.object({
  event: RuleEventSchema,
  points: RulePointsSchema,
  /** Spec §4: enabled when points > 0. */
  enabled: z.boolean(),
  minRating: MinRatingSchema.nullable(),
  requiredPurchases: RequiredPurchasesSchema.nullable(),
  /** Whole riyals (stored as halalas). */
  minOrderTotal: MinOrderTotalSchema.nullable(),
  /** purchase_amount only: whole riyals per `points`. */
  spendUnit: SpendUnitSchema.nullable(),
  maxPerCustomer: MaxPerCustomerSchema,
  updatedAt: z.iso.datetime().nullable(),
});
export type LoyaltyRule = z.infer<typeof LoyaltyRuleSchema>;

export const LoyaltyRulesResponseSchema = successEnvelope(z.array(LoyaltyRuleSchema));
export type LoyaltyRulesResponse = z.infer<typeof LoyaltyRulesResponseSchema>;
export const LoyaltyRuleResponseSchema = successEnvelope(LoyaltyRuleSchema);
export type LoyaltyRuleResponse = z.infer<typeof LoyaltyRuleResponseSchema>;

/**
 * The whole programme's switch. Paused: shoppers earn nothing and cannot redeem (their balances
 * stay), and the loyalty page tells them so.
 */
export const ProgrammeStatusSchema = z.object({ enabled: z.boolean() });
export type ProgrammeStatus = z.infer<typeof ProgrammeStatusSchema>;
export const UpdateProgrammeStatusRequestSchema = z.strictObject({ enabled: z.boolean() });
export type UpdateProgrammeStatusRequest = z.infer<typeof UpdateProgrammeStatusRequestSchema>;
export const ProgrammeStatusResponseSchema = successEnvelope(ProgrammeStatusSchema);
export type ProgrammeStatusResponse = z.infer<typeof ProgrammeStatusResponseSchema>;
