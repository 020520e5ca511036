import {
  AppStoreAuthorizeDataSchema,
  AppSubscriptionDataSchema,
  OrderStatusUpdatedDataSchema,
  ReviewAddedDataSchema,
  SALLA_EVENTS,
  SallaCustomerSchema,
  SallaOrderSchema,
  type SallaEvent,
} from '@nuqat/contracts';
import type { z } from 'zod';
import { isSubscriptionEvent } from './app-events.ts';
import {
  type CustomerFacts,
  type OrderEventKind,
  type OrderFacts,
  type ReviewFacts,
} from '../engine/index.ts';
import { customerFacts, orderFacts, reviewFacts } from './order-facts.ts';
import { parseOrFail } from './payload.ts';

/** Salla's event data checked against its schemas and put in the engine's words. */

export const ORDER_KINDS: Partial<Record<SallaEvent, OrderEventKind>> = {
  'order.created': 'created',
  'order.updated': 'updated',
  'order.cancelled': 'cancelled',
  'order.refunded': 'refunded',
  'order.deleted': 'deleted',
  'order.total.price.updated': 'amounts',
  'order.products.updated': 'amounts',
};

export type Parsed =
  | { type: 'order'; kind: OrderEventKind; order: OrderFacts }
  | { type: 'customer'; created: boolean; customer: CustomerFacts }
  | { type: 'review'; review: ReviewFacts }
  | { type: 'subscription'; data: z.infer<typeof AppSubscriptionDataSchema> }
  | { type: 'app'; event: SallaEvent }
  | { type: 'unknown' };

/**
 * Checks the event's data against its schema before anything is stored, and translates it into
 * the engine's plain facts: the engine never sees Salla's wire format.
 */
export function parseEventData(event: string, data: unknown): Parsed {
  if (!(SALLA_EVENTS as readonly string[]).includes(event)) return { type: 'unknown' };
  const known = event as SallaEvent;
  const orderKind = ORDER_KINDS[known];
  if (orderKind)
    return {
      type: 'order',
      kind: orderKind,
      order: orderFacts(parseOrFail(SallaOrderSchema, data)),
    };
  if (known === 'order.status.updated') {
    return {
      type: 'order',
      kind: 'status',
      order: orderFacts(parseOrFail(OrderStatusUpdatedDataSchema, data).order),
    };
  }
  if (known === 'customer.created' || known === 'customer.updated') {
    return {
      type: 'customer',
      created: known === 'customer.created',
      customer: customerFacts(parseOrFail(SallaCustomerSchema, data)),
    };
  }
  if (known === 'review.added')
    return { type: 'review', review: reviewFacts(parseOrFail(ReviewAddedDataSchema, data)) };
  if (isSubscriptionEvent(known))
    return { type: 'subscription', data: parseOrFail(AppSubscriptionDataSchema, data) };
  if (known === 'app.store.authorize') parseOrFail(AppStoreAuthorizeDataSchema, data);
  return { type: 'app', event: known };
}
