import { z } from 'zod';

/**
 * Salla's webhook payloads as far as Nuqat reads them (shared/reference/salla.md §2). Lenient
 * where Salla is inconsistent: ids and ratings arrive as numbers or strings, nested dates as
 * Carbon objects, mobile numbers as numbers. Unknown fields pass through.
 */

const idLike = z
  .union([z.number().int().positive(), z.string().regex(/^\d{1,18}$/)])
  .transform(Number);
const numberLike = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).transform(Number);

export const SallaDateSchema = z.looseObject({
  date: z.string(),
  timezone: z.string().optional(),
});
export const SallaMoneySchema = z.looseObject({
  amount: numberLike,
  currency: z.string().optional(),
});

export const SallaEnvelopeSchema = z.looseObject({
  event: z.string().min(1).max(100),
  merchant: idLike,
  created_at: z.string().optional(),
  data: z.record(z.string(), z.unknown()),
});
export type SallaEnvelope = z.infer<typeof SallaEnvelopeSchema>;

export const AppStoreAuthorizeDataSchema = z.looseObject({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires: z.number().int().positive().optional(),
  expires_in: z.number().int().positive().optional(),
  scope: z.string().default(''),
  token_type: z.string().optional(),
});

export const AppSubscriptionDataSchema = z.looseObject({
  plan_name: z.string().nullish(),
  plan_type: z.string().nullish(),
  item_type: z.string().nullish(),
  start_date: z.string().nullish(),
  end_date: z.string().nullish(),
  price: numberLike.nullish(),
  total: numberLike.nullish(),
  subscription_id: idLike.nullish(),
  store_type: z.string().nullish(),
});

export const SallaCustomerSchema = z.looseObject({
  id: idLike,
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  name: z.string().nullish(),
  email: z.string().nullish(),
  mobile: z.union([z.string(), z.number()]).nullish(),
  mobile_code: z.string().nullish(),
  avatar: z.string().nullish(),
  birthday: z.union([SallaDateSchema, z.string()]).nullish(),
});
export type SallaCustomer = z.infer<typeof SallaCustomerSchema>;

export const ORDER_STATUS_SLUGS = [
  'payment_pending',
  'under_review',
  'in_progress',
  'completed',
  'delivering',
  'delivered',
  'shipped',
  'canceled',
  'restoring',
  'restored',
] as const;

export const SallaOrderSchema = z.looseObject({
  id: idLike,
  reference_id: z.union([z.string(), z.number()]).nullish(),
  date: SallaDateSchema.nullish(),
  status: z.looseObject({ slug: z.string(), name: z.string().optional() }).nullish(),
  currency: z.string().nullish(),
  amounts: z
    .looseObject({
      total: SallaMoneySchema,
      sub_total: SallaMoneySchema.nullish(),
      shipping_cost: SallaMoneySchema.nullish(),
      tax: z.looseObject({ amount: SallaMoneySchema.nullish() }).nullish(),
      /** `discount` is a decimal string, e.g. "5.00" (reference §2.7). */
      discounts: z
        .array(z.looseObject({ discount: numberLike.nullish(), code: z.string().nullish() }))
        .nullish(),
    })
    .nullish(),
  total: SallaMoneySchema.nullish(),
  customer: SallaCustomerSchema.nullish(),
  /**
   * The order's lines (reference §2.7): the product and the line's total after its discount.
   * Missing or unreadable lines are dropped, never a reason to refuse the event: the engine then
   * earns on the order's total (docs/decisions/048).
   */
  items: z
    .array(
      z.looseObject({
        name: z.string().nullish(),
        product: z.looseObject({ id: idLike }).nullish(),
        amounts: z.looseObject({ total: SallaMoneySchema.nullish() }).nullish(),
      }),
    )
    .nullish()
    .catch(null),
});
export type SallaOrder = z.infer<typeof SallaOrderSchema>;

export const OrderStatusUpdatedDataSchema = z.looseObject({
  id: idLike.optional(),
  status: z.string().nullish(),
  order: SallaOrderSchema,
});

export const ReviewAddedDataSchema = z.looseObject({
  id: idLike.nullish(),
  type: z.string().nullish(),
  rating: numberLike,
  customer: SallaCustomerSchema,
  product: z.looseObject({ id: idLike }).nullish(),
  order: z.looseObject({ id: idLike }).nullish(),
});

export const SALLA_EVENTS = [
  'app.store.authorize',
  'app.installed',
  'app.updated',
  'app.uninstalled',
  'app.trial.started',
  'app.trial.expired',
  'app.trial.canceled',
  'app.subscription.started',
  'app.subscription.renewed',
  'app.subscription.expired',
  'app.subscription.canceled',
  'order.created',
  'order.updated',
  'order.status.updated',
  'order.cancelled',
  'order.refunded',
  'order.deleted',
  'order.total.price.updated',
  'order.products.updated',
  'customer.created',
  'customer.updated',
  'review.added',
] as const;
export type SallaEvent = (typeof SALLA_EVENTS)[number];
