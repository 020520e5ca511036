import type { IssuedTokens } from './server.ts';
import {
  type CustomerFacts,
  type OrderFacts,
  RIYADH_MS,
  storeEventTime,
  appEventTime,
  carbon,
  STATUS_NAMES,
  mobileOf,
  customerModel,
  orderModel,
} from './models.ts';

/**
 * Realistic Salla webhook envelopes (reference §1.4, §1.8, §2.7), built from a few facts.
 * Store events carry Salla's JS-style `created_at`, app events its "YYYY-MM-DD HH:mm:ss"
 * Riyadh time, nested dates the Carbon shape.
 */

export interface Envelope {
  event: string;
  merchant: number;
  created_at: string;
  data: Record<string, unknown>;
}

export {
  appEventTime,
  customerModel,
  orderModel,
  storeEventTime,
  type CustomerFacts,
  type OrderFacts,
} from './models.ts';

const store = (
  event: string,
  merchant: number,
  at: Date,
  data: Record<string, unknown>,
): Envelope => ({
  event,
  merchant,
  created_at: storeEventTime(at),
  data,
});
const app = (
  event: string,
  merchant: number,
  at: Date,
  data: Record<string, unknown>,
): Envelope => ({
  event,
  merchant,
  created_at: appEventTime(at),
  data,
});

/** The Riyadh calendar date of an instant, `YYYY-MM-DD`. */
const riyadhDate = (d: Date) => new Date(d.getTime() + RIYADH_MS).toISOString().slice(0, 10);

/**
 * `app.trial.*` data as documented (reference §1.8): the app's fields, date-only
 * `start_date`/`end_date`, no price; `.canceled` adds `subscription_at` when the trial became a
 * paid plan; `.expired` has no `created_at` and no `features`.
 */
function trialData(
  event: string,
  plan: { name: string | null; start: Date; end: Date; subscriptionAt?: Date },
): Record<string, unknown> {
  const data: Record<string, unknown> = {
    id: 1_234_567_890,
    app_name: 'Nuqat',
    app_description: 'برنامج ولاء ونقاط',
    app_type: 'app',
    categories: ['Marketing'],
    plan_name: plan.name,
    plan_type: 'recurring',
    start_date: riyadhDate(plan.start),
    end_date: riyadhDate(plan.end),
    created_at: appEventTime(plan.start),
    features: [],
    store_type: 'demo',
  };
  if (event === 'app.trial.expired') {
    delete data.created_at;
    delete data.features;
  }
  if (event === 'app.trial.canceled' && plan.subscriptionAt)
    data.subscription_at = appEventTime(plan.subscriptionAt);
  return data;
}

export const webhooks = {
  storeAuthorize: (merchant: number, tokens: IssuedTokens, at = new Date()) =>
    app('app.store.authorize', merchant, at, { ...tokens }),
  appInstalled: (merchant: number, at = new Date()) => app('app.installed', merchant, at, {}),
  appUpdated: (merchant: number, at = new Date()) => app('app.updated', merchant, at, {}),
  appUninstalled: (merchant: number, at = new Date()) => app('app.uninstalled', merchant, at, {}),
  subscription: (
    event:
      | 'app.subscription.started'
      | 'app.subscription.renewed'
      | 'app.subscription.expired'
      | 'app.subscription.canceled'
      | 'app.trial.started'
      | 'app.trial.expired'
      | 'app.trial.canceled',
    merchant: number,
    plan: {
      name: string | null;
      price: number;
      start: Date;
      end: Date;
      itemType?: 'plan' | 'addon';
      /** app.trial.canceled after the trial became a paid plan. */
      subscriptionAt?: Date;
    },
    at = new Date(),
  ) =>
    app(
      event,
      merchant,
      at,
      event.startsWith('app.trial.')
        ? trialData(event, plan)
        : {
            id: 6_789_012_345,
            subscription_id: 1_510_766_049,
            item_type: plan.itemType ?? 'plan',
            item_slug: null,
            quantity: 1,
            app_name: 'Nuqat',
            app_type: 'app',
            plan_type: 'recurring',
            plan_name: plan.name,
            plan_period: '1',
            // As documented: "2021-10-09T21:00:00.000000Z".
            start_date: plan.start.toISOString().replace(/\.\d{3}Z$/, '.000000Z'),
            end_date: plan.end.toISOString().replace(/\.\d{3}Z$/, '.000000Z'),
            price: plan.price.toFixed(2),
            total: (plan.price * 1.15).toFixed(2),
            features: [],
            store_type: 'demo',
          },
    ),
  customerCreated: (merchant: number, c: CustomerFacts, at = new Date()) =>
    store('customer.created', merchant, at, customerModel(c)),
  customerUpdated: (merchant: number, c: CustomerFacts, at = new Date()) =>
    store('customer.updated', merchant, at, customerModel(c)),
  orderCreated: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.created', merchant, at, orderModel(o)),
  orderUpdated: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.updated', merchant, at, orderModel(o)),
  orderCancelled: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.cancelled', merchant, at, orderModel({ ...o, status: 'canceled' })),
  orderDeleted: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.deleted', merchant, at, orderModel(o)),
  /**
   * The plain order model, as Salla documents it: no refund amount. How much was refunded is
   * read from the Merchant API's order (the sandbox's `setOrder`).
   */
  orderRefunded: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.refunded', merchant, at, orderModel(o)),
  orderTotalPriceUpdated: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.total.price.updated', merchant, at, orderModel(o)),
  orderProductsUpdated: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.products.updated', merchant, at, orderModel(o)),
  /** The different `order.status.updated` shape: data.order, a history-record id, the short customer. */
  orderStatusUpdated: (merchant: number, o: OrderFacts, at = new Date()) =>
    store('order.status.updated', merchant, at, {
      id: 198_290_473,
      status: STATUS_NAMES[o.status] ?? o.status,
      customized: null,
      note: '',
      created_at: carbon(at),
      order: {
        ...orderModel(o),
        customer: o.customer
          ? {
              id: o.customer.id,
              name: `${o.customer.firstName} ${o.customer.lastName}`,
              mobile: `+966${mobileOf(o.customer)}`,
              email:
                o.customer.email === null
                  ? ''
                  : (o.customer.email ?? `customer${o.customer.id}@example.com`),
              avatar: '',
              country: 'السعودية',
              city: 'الرياض',
            }
          : null,
        total: { amount: o.total, currency: 'SAR' },
      },
    }),
  /** Ids and the rating arrive as strings here (reference §2.7). */
  reviewAdded: (
    merchant: number,
    r: {
      id?: number;
      customer: CustomerFacts;
      rating: number;
      productId?: number;
      orderId?: number;
      content?: string;
    },
    at = new Date(),
  ) =>
    store('review.added', merchant, at, {
      ...(r.id ? { id: r.id } : {}),
      type: r.productId ? 'rating' : 'order',
      rating: String(r.rating),
      content: r.content ?? 'ممتاز',
      customer: {
        id: String(r.customer.id),
        name: `${r.customer.firstName} ${r.customer.lastName}`,
        mobile: `+966${mobileOf(r.customer)}`,
        avatar: '',
        country: 'السعودية',
        city: 'الرياض',
      },
      ...(r.productId ? { product: { id: String(r.productId), type: 'product' } } : {}),
      ...(r.orderId
        ? {
            order: {
              id: String(r.orderId),
              reference_id: '27290',
              total: { amount: '100', currency: 'SAR' },
            },
          }
        : {}),
      status: { id: 1, name: 'approved' },
    }),
};
