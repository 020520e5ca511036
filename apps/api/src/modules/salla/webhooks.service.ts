import { createHash } from 'node:crypto';
import {
  AppStoreAuthorizeDataSchema,
  AppSubscriptionDataSchema,
  OrderStatusUpdatedDataSchema,
  ReviewAddedDataSchema,
  SALLA_EVENTS,
  SallaCustomerSchema,
  SallaOrderSchema,
  type SallaEnvelope,
  type SallaEvent,
} from '@nuqat/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { SallaClient } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import {
  applyInstalled,
  applySubscriptionEvent,
  applyUninstalled,
  isSubscriptionEvent,
} from '../engine/app-events.ts';
import { parseSallaTime } from '../engine/engine-rules.ts';
import { ensureMerchant, lockMerchant, type MerchantRow } from '../engine/engine.repository.ts';
import {
  applyCustomerCreated,
  applyOrderEvent,
  applyReview,
  upsertCustomer,
  type OrderEventKind,
} from '../engine/engine.service.ts';
import { createInstallService } from './install.service.ts';
import { parseOrFail, type WebhookOutcome } from './payload.ts';
import { insertWebhookEvent, setWebhookOutcome } from './webhooks.repository.ts';
import type { Executor } from '../../db/client.ts';

const ORDER_KINDS: Partial<Record<SallaEvent, OrderEventKind>> = {
  'order.created': 'created',
  'order.updated': 'updated',
  'order.cancelled': 'cancelled',
  'order.refunded': 'refunded',
  'order.deleted': 'deleted',
};

type Parsed =
  | { type: 'order'; kind: OrderEventKind; order: z.infer<typeof SallaOrderSchema> }
  | { type: 'customer'; created: boolean; customer: z.infer<typeof SallaCustomerSchema> }
  | { type: 'review'; review: z.infer<typeof ReviewAddedDataSchema> }
  | { type: 'subscription'; data: z.infer<typeof AppSubscriptionDataSchema> }
  | { type: 'app'; event: SallaEvent }
  | { type: 'unknown' };

/** Checks the event's data against its schema before anything is stored. */
export function parseEventData(event: string, data: unknown): Parsed {
  if (!(SALLA_EVENTS as readonly string[]).includes(event)) return { type: 'unknown' };
  const known = event as SallaEvent;
  const orderKind = ORDER_KINDS[known];
  if (orderKind)
    return { type: 'order', kind: orderKind, order: parseOrFail(SallaOrderSchema, data) };
  if (known === 'order.status.updated') {
    return {
      type: 'order',
      kind: 'status',
      order: parseOrFail(OrderStatusUpdatedDataSchema, data).order,
    };
  }
  if (known === 'customer.created' || known === 'customer.updated') {
    return {
      type: 'customer',
      created: known === 'customer.created',
      customer: parseOrFail(SallaCustomerSchema, data),
    };
  }
  if (known === 'review.added')
    return { type: 'review', review: parseOrFail(ReviewAddedDataSchema, data) };
  if (isSubscriptionEvent(known))
    return { type: 'subscription', data: parseOrFail(AppSubscriptionDataSchema, data) };
  if (known === 'app.store.authorize') parseOrFail(AppStoreAuthorizeDataSchema, data);
  return { type: 'app', event: known };
}

export function createWebhookService(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
}) {
  const { ctx, salla, authService } = deps;
  const { db, log } = ctx;
  const install = createInstallService({ ctx, salla, authService });

  async function dispatch(
    tx: Executor,
    merchant: MerchantRow,
    parsed: Parsed,
    event: string,
    at: Date,
  ): Promise<[WebhookOutcome, string | null]> {
    if (parsed.type === 'unknown') return ['ignored', 'unknown event'];
    if (merchant.installStatus === 'uninstalled' && !event.startsWith('app.'))
      return ['ignored', 'store uninstalled'];
    switch (parsed.type) {
      case 'order': {
        const { earnStatus } = await applyOrderEvent(tx, merchant, {
          kind: parsed.kind,
          order: parsed.order,
          at,
        });
        return ['processed', earnStatus];
      }
      case 'customer':
        if (parsed.created)
          await applyCustomerCreated(tx, merchant, { customer: parsed.customer, at });
        else await upsertCustomer(tx, merchant.id, parsed.customer, at);
        return ['processed', null];
      case 'review':
        return [
          'processed',
          (await applyReview(tx, merchant, { review: parsed.review, at }))
            ? 'awarded'
            : 'not awarded',
        ];
      case 'subscription':
        return [
          'processed',
          await applySubscriptionEvent(tx, merchant, { event, data: parsed.data, at }),
        ];
      case 'app':
        if (parsed.event === 'app.installed') await applyInstalled(tx, merchant, at);
        if (parsed.event === 'app.uninstalled') await applyUninstalled(tx, merchant, at);
        return ['processed', null];
    }
  }

  /** Stores the event (once) and applies it in one transaction with the store's row locked. */
  async function receive({
    raw,
    envelope,
  }: {
    raw: Buffer;
    envelope: SallaEnvelope;
  }): Promise<WebhookOutcome> {
    const dedupeKey = createHash('sha256').update(raw).digest('hex');
    const at = parseSallaTime(envelope.created_at) ?? ctx.now();
    const parsed = parseEventData(envelope.event, envelope.data);
    if (envelope.event === 'app.store.authorize') return install.authorize(envelope, dedupeKey, at);

    return db.transaction(async (tx) => {
      await ensureMerchant(tx, envelope.merchant);
      const merchant = (await lockMerchant(tx, envelope.merchant))!;
      const stored = await insertWebhookEvent(tx, {
        merchantId: envelope.merchant,
        dedupeKey,
        event: envelope.event,
        eventAt: at,
        payload: envelope,
        outcome: 'received',
      });
      if (!stored) return 'duplicate' as const;
      const [outcome, note] = await dispatch(tx, merchant, parsed, envelope.event, at);
      await setWebhookOutcome(tx, merchant.id, stored.id, outcome, note);
      if (outcome === 'ignored')
        log.info({ merchantId: merchant.id, event: envelope.event, note }, 'webhook ignored');
      return outcome;
    });
  }

  return { receive };
}

export type WebhookService = ReturnType<typeof createWebhookService>;
