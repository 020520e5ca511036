import { z } from 'zod';
import { successEnvelope } from './common.ts';

/**
 * The control group (holdout) and the programme's return (docs/decisions/049), and the monthly
 * report (docs/decisions/050). Money is SAR (halalas ÷ 100, two decimals kept here: the screens
 * round); months are Riyadh's, `YYYY-MM`.
 */

export const HOLDOUT_MIN_PERCENT = 1;
export const HOLDOUT_MAX_PERCENT = 20;
/** Below this many shoppers in either group the interval is shown with a warning. */
export const ROI_MIN_GROUP = 100;

export const HoldoutStatusSchema = z.enum(['off', 'running', 'ended']);

export const HoldoutSettingsSchema = z.object({
  /** The store's plan includes it (Growth). */
  available: z.boolean(),
  status: HoldoutStatusSchema,
  /** The share of new shoppers kept out while running; the last one used once ended. */
  percent: z.number().int().nullable(),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  /** Shoppers placed in each group since the first start (all time). */
  assigned: z.object({ control: z.number().int(), member: z.number().int() }),
  /** Shoppers kept out right now (0 once ended). */
  heldOut: z.number().int(),
});
export type HoldoutSettings = z.infer<typeof HoldoutSettingsSchema>;
export const HoldoutSettingsResponseSchema = successEnvelope(HoldoutSettingsSchema);

export const HoldoutStartBodySchema = z.strictObject({
  percent: z.number().int().min(HOLDOUT_MIN_PERCENT).max(HOLDOUT_MAX_PERCENT),
});
export type HoldoutStartBody = z.infer<typeof HoldoutStartBodySchema>;

export const HoldoutEndBodySchema = z.strictObject({
  /** Give the control group the points their orders would have earned. */
  backPay: z.boolean(),
});
export type HoldoutEndBody = z.infer<typeof HoldoutEndBodySchema>;

export const HoldoutEndResultSchema = z.object({
  settings: HoldoutSettingsSchema,
  enrolled: z.number().int(),
  ordersPaid: z.number().int(),
});
export const HoldoutEndResponseSchema = successEnvelope(HoldoutEndResultSchema);

export const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'YYYY-MM');

/** `month`: a Riyadh calendar month; by default the current one. */
export const RoiQuerySchema = z.strictObject({ month: MonthSchema.optional() });
export type RoiQuery = z.infer<typeof RoiQuerySchema>;

export const RoiGroupSchema = z.object({
  /** Shoppers placed in the group by the month's end. */
  shoppers: z.number().int(),
  /** Of them, those with a counted order in the month. */
  buyers: z.number().int(),
  orders: z.number().int(),
  revenueSar: z.number(),
  revenuePerShopper: z.number().nullable(),
  ordersPerShopper: z.number().nullable(),
  /** Shoppers with two or more counted orders in the month ÷ shoppers, %. */
  repeatRate: z.number().nullable(),
});
export type RoiGroup = z.infer<typeof RoiGroupSchema>;

/** Members minus control, with a 95 % Welch interval; null when a group has fewer than 2. */
export const RoiDifferenceSchema = z
  .object({ estimate: z.number(), low: z.number(), high: z.number(), df: z.number() })
  .nullable();
export type RoiDifference = z.infer<typeof RoiDifferenceSchema>;

export const RoiCostSchema = z.object({
  /** Nuqat reward coupons' discounts taken off the month's counted orders, SAR. */
  couponDiscountsSar: z.number(),
  /** Referral coupons' discounts taken off the month's counted orders, SAR. */
  referralDiscountsSar: z.number(),
  /** The group's points outstanding now × the value of a point (null: no fixed-value reward). */
  outstandingPointsSar: z.number().nullable(),
  outstandingPoints: z.number().int(),
  pointValueSar: z.number().nullable(),
  totalSar: z.number(),
});

export const RoiSchema = z.object({
  month: MonthSchema,
  /** The store has (had) a control group with shoppers in both groups in this month. */
  hasControlGroup: z.boolean(),
  holdout: HoldoutSettingsSchema,
  /** The statistical method, named on the screen. */
  method: z.literal('welch_t_95'),
  members: RoiGroupSchema.nullable(),
  control: RoiGroupSchema.nullable(),
  /** Either group below ROI_MIN_GROUP shoppers: the interval is too wide to tell. */
  tooSmall: z.boolean(),
  differences: z.object({
    revenuePerShopper: RoiDifferenceSchema,
    ordersPerShopper: RoiDifferenceSchema,
    repeatRate: RoiDifferenceSchema,
  }),
  /** The programme's cost for the members' group in the month. */
  cost: RoiCostSchema.nullable(),
  /** (Revenue per member − per control shopper) × members, SAR; null without a control group. */
  incrementalRevenueSar: z.number().nullable(),
  /** Incremental revenue ÷ cost; null without a control group or a cost. */
  returnOnCost: z.number().nullable(),
  /** What every store can see: members' orders vs guest checkouts in the month (not causal). */
  membersVsGuests: z.object({
    members: z.object({
      orders: z.number().int(),
      salesSar: z.number(),
      aovSar: z.number().nullable(),
    }),
    guests: z.object({
      orders: z.number().int(),
      salesSar: z.number(),
      aovSar: z.number().nullable(),
    }),
  }),
});
export type Roi = z.infer<typeof RoiSchema>;
export const RoiResponseSchema = successEnvelope(RoiSchema);
