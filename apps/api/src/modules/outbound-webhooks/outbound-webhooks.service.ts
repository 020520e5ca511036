import {
  WEBHOOK_ENDPOINTS_MAX,
  type CreateWebhookEndpointBody,
  type UpdateWebhookEndpointBody,
  type WebhookDeliveriesQuery,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { openForStore, sealForStore } from '../../lib/crypto.ts';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../lib/keyset-cursor.ts';
import { requireOpenApiPlan } from './plan.ts';
import { endpointSwitchedOffMail } from './mail.ts';
import {
  claimDueDeliveries,
  countEndpoints,
  findDeliveriesPage,
  findDelivery,
  findEndpoint,
  findMerchantContact,
  insertEndpoint,
  listEndpoints,
  replayDelivery,
  settleDelivery,
  switchOffFailing,
  updateEndpoint,
  type DeliveryRow,
  type EndpointRow,
} from './outbound-webhooks.repository.ts';
import { sendWebhook, type SendOutcome } from './sender.ts';
import { newWebhookSecret, webhookHeaders } from './signature.ts';
import { checkUrlShape, systemLookup, TargetRefused, type LookupFn } from './ssrf-guard.ts';

/**
 * Waits after each failed attempt: 1 min, 5, 15, 30, 1 h, 2, 4, 8, 8 — ten attempts over a
 * little under 24 hours; after the tenth the delivery is given up and its endpoint switched off.
 */
export const RETRY_DELAYS_MS = [1, 5, 15, 30, 60, 120, 240, 480, 480].map((m) => m * 60_000);
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
const LEASE_MS = 60_000;
const BATCH = 20;
const MAX_BATCHES = 50;

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow, url: string): WebhookDelivery {
  return {
    id: row.id,
    endpointId: row.endpointId,
    endpointUrl: url,
    eventId: row.eventId,
    eventType: row.eventType as WebhookEventType,
    customerId: row.customerId === null ? null : String(row.customerId),
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    nextAttemptAt:
      row.status === 'pending' ? (row.nextAttemptAt ?? row.createdAt).toISOString() : null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface OutboundWebhooksOptions {
  /** DNS for the SSRF guard; tests inject one. */
  lookup?: LookupFn;
}

export function createOutboundWebhooks(
  ctx: Pick<AppContext, 'db' | 'config' | 'now' | 'log' | 'mailer'>,
  options: OutboundWebhooksOptions = {},
) {
  const { db, config } = ctx;
  const guard = {
    lookup: options.lookup ?? systemLookup,
    allowLoopback: config.outboundWebhooks.allowLoopback,
  };

  function checkUrl(url: string) {
    try {
      checkUrlShape(url, guard);
    } catch (error) {
      if (error instanceof TargetRefused)
        throw new AppError('WEBHOOK_URL_NOT_ALLOWED', {
          issues: [{ path: 'url', code: 'url_not_allowed', message: error.reason }],
        });
      throw error;
    }
  }

  async function list(merchantId: number): Promise<WebhookEndpoint[]> {
    await requireOpenApiPlan(ctx, merchantId);
    return (await listEndpoints(db, merchantId)).map(toEndpoint);
  }

  async function create(
    merchantId: number,
    body: CreateWebhookEndpointBody,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    await requireOpenApiPlan(ctx, merchantId);
    checkUrl(body.url);
    if ((await countEndpoints(db, merchantId)) >= WEBHOOK_ENDPOINTS_MAX)
      throw new AppError('WEBHOOK_ENDPOINTS_LIMIT_REACHED');
    const secret = newWebhookSecret();
    const row = await insertEndpoint(db, {
      merchantId,
      url: body.url,
      description: body.description ?? '',
      events: [...body.events],
      secretSealed: sealForStore(config.keys.storeSecrets, merchantId, secret),
      createdAt: ctx.now(),
    });
    return { endpoint: toEndpoint(row), secret };
  }

  async function update(
    merchantId: number,
    id: string,
    body: UpdateWebhookEndpointBody,
  ): Promise<WebhookEndpoint> {
    await requireOpenApiPlan(ctx, merchantId);
    const set: Parameters<typeof updateEndpoint>[3] = {};
    if (body.description !== undefined) set.description = body.description;
    if (body.events !== undefined) set.events = [...body.events];
    if (body.enabled === true)
      Object.assign(set, { enabled: true, disabledReason: null, disabledAt: null });
    if (body.enabled === false)
      Object.assign(set, { enabled: false, disabledReason: 'merchant', disabledAt: ctx.now() });
    const row = await updateEndpoint(db, merchantId, id, set);
    if (!row) throw new AppError('NOT_FOUND');
    return toEndpoint(row);
  }

  async function remove(merchantId: number, id: string): Promise<void> {
    const row = await updateEndpoint(db, merchantId, id, {
      deletedAt: ctx.now(),
      enabled: false,
      disabledReason: 'merchant',
    });
    if (!row) throw new AppError('NOT_FOUND');
  }

  async function deliveries(merchantId: number, query: WebhookDeliveriesQuery) {
    await requireOpenApiPlan(ctx, merchantId);
    const after = query.cursor ? decodeKeysetCursor(query.cursor) : undefined;
    const rows = await findDeliveriesPage(
      db,
      merchantId,
      { endpointId: query.endpointId, status: query.status },
      after,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((r) => toDelivery(r.delivery, r.url)),
      nextCursor:
        rows.length > query.limit && last ? encodeKeysetCursor(last.atKey, last.delivery.id) : null,
    };
  }

  /** Sends the event again to its endpoint with the same id (the receiver de-duplicates on it). */
  async function replay(merchantId: number, id: string): Promise<WebhookDelivery> {
    await requireOpenApiPlan(ctx, merchantId);
    const found = await findDelivery(db, merchantId, id);
    if (!found) throw new AppError('NOT_FOUND');
    await replayDelivery(db, merchantId, id);
    const again = await findDelivery(db, merchantId, id);
    return toDelivery(again!.delivery, again!.url);
  }

  // ---- The worker ------------------------------------------------------------------------------

  async function attempt(due: Awaited<ReturnType<typeof claimDueDeliveries>>[number]) {
    const merchantId = Number(due.merchant_id);
    const body = JSON.stringify({
      id: due.event_id,
      type: due.event_type,
      timestamp: due.event_created_at,
      data: due.data,
    });
    const now = ctx.now();
    let outcome: SendOutcome;
    try {
      const secret = openForStore(config.keys.storeSecrets, merchantId, due.secret_sealed);
      outcome = await sendWebhook(
        {
          url: due.url,
          body,
          headers: webhookHeaders({
            secret,
            id: due.event_id,
            timestamp: Math.floor(now.getTime() / 1000),
            body,
          }),
        },
        guard,
      );
    } catch (error) {
      ctx.log.error({ err: error, merchantId, delivery: due.id }, 'webhook delivery crashed');
      outcome = { ok: false, statusCode: null, error: 'internal error' };
    }
    const attempts = due.attempts + 1;
    const after = ctx.now();
    if (outcome.ok) {
      await settleDelivery(db, merchantId, due.id, {
        status: 'delivered',
        attempts,
        statusCode: outcome.statusCode,
        error: null,
        nextAttemptAt: null,
        deliveredAt: after,
      });
      return;
    }
    if (attempts < MAX_ATTEMPTS) {
      await settleDelivery(db, merchantId, due.id, {
        status: 'pending',
        attempts,
        statusCode: outcome.statusCode,
        error: outcome.error,
        nextAttemptAt: new Date(after.getTime() + RETRY_DELAYS_MS[attempts - 1]!),
        deliveredAt: null,
      });
      return;
    }
    // A day of failures: the delivery is given up and the endpoint switched off, once.
    const switched = await db.transaction(async (tx) => {
      await settleDelivery(tx, merchantId, due.id, {
        status: 'failed',
        attempts,
        statusCode: outcome.statusCode,
        error: outcome.error,
        nextAttemptAt: null,
        deliveredAt: null,
      });
      return switchOffFailing(tx, merchantId, due.endpoint_id, after);
    });
    if (switched) {
      ctx.log.warn({ merchantId, endpoint: due.endpoint_id }, 'webhook endpoint switched off');
      const contact = await findMerchantContact(db, merchantId);
      if (contact?.email) {
        await ctx.mailer
          .send(
            endpointSwitchedOffMail({
              to: contact.email,
              storeName: contact.storeName,
              url: switched.url,
              settingsUrl: `${config.publicUrl}/settings`,
            }),
          )
          .catch((err: unknown) =>
            ctx.log.error({ err, merchantId }, 'webhook switch-off mail failed'),
          );
      }
    }
  }

  /** Sends what is due; returns how many attempts were made. */
  async function runOnce(): Promise<number> {
    let made = 0;
    for (let batch = 0; batch < MAX_BATCHES; batch++) {
      const due = await claimDueDeliveries(db, ctx.now(), BATCH, LEASE_MS);
      if (due.length === 0) break;
      await Promise.all(due.map((d) => attempt(d)));
      made += due.length;
    }
    return made;
  }

  return { list, create, update, remove, deliveries, replay, runOnce, findEndpoint };
}
export type OutboundWebhooks = ReturnType<typeof createOutboundWebhooks>;
