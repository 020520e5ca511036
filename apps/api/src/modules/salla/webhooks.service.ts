import { createHash } from 'node:crypto';
import {
  AppStoreAuthorizeDataSchema,
  AppSubscriptionDataSchema,
  OrderStatusUpdatedDataSchema,
  ReviewAddedDataSchema,
  SALLA_EVENTS,
  SallaCustomerSchema,
  SallaOrderSchema,
  type FieldIssue,
  type SallaEnvelope,
  type SallaEvent,
} from '@nuqat/contracts';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { setPasswordMail } from '../../lib/mail-templates.ts';
import type { SallaClient, SallaStoreInfo } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import {
  applyInstalled,
  applySubscriptionEvent,
  applyUninstalled,
  isSubscriptionEvent,
} from '../engine/app-events.ts';
import { parseSallaTime } from '../engine/engine-rules.ts';
import {
  ensureMerchant,
  lockMerchant,
  updateMerchant,
  type MerchantRow,
} from '../engine/engine.repository.ts';
import {
  applyCustomerCreated,
  applyOrderEvent,
  applyReview,
  upsertCustomer,
  type OrderEventKind,
} from '../engine/engine.service.ts';
import { findMerchantByEmail } from '../merchants/merchants.repository.ts';
import { storeTokens } from './salla-tokens.service.ts';
import {
  insertWebhookEvent,
  setWebhookOutcome,
  webhookEventExists,
} from './webhooks.repository.ts';
import type { Executor } from '../../db/client.ts';

export type WebhookOutcome = 'processed' | 'duplicate' | 'ignored';

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

function parseOrFail<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const result = schema.safeParse(data);
  if (!result.success) {
    const issues: FieldIssue[] = result.error.issues.map((i) => ({
      path: ['data', ...i.path.map(String)].join('.'),
      code: i.code,
      message: i.message,
    }));
    throw new AppError('WEBHOOK_PAYLOAD_INVALID', { issues });
  }
  return result.data;
}

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

/** The envelope as stored: Salla's access and refresh tokens removed from its data. */
export function withoutTokens(envelope: SallaEnvelope): SallaEnvelope {
  const data = { ...envelope.data };
  delete data.access_token;
  delete data.refresh_token;
  return { ...envelope, data };
}

export function createWebhookService(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
}) {
  const { ctx, salla, authService } = deps;
  const { db, log } = ctx;

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

  /** Easy Mode install: keep the tokens, learn the owner's e-mail, and invite them to set a password. */
  async function authorize(
    envelope: SallaEnvelope,
    dedupeKey: string,
    at: Date,
  ): Promise<WebhookOutcome> {
    const merchantId = envelope.merchant;
    if (await webhookEventExists(db, merchantId, dedupeKey)) return 'duplicate';
    const data = parseOrFail(AppStoreAuthorizeDataSchema, envelope.data);
    const now = ctx.now();
    const tokens = {
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      // `expires` is an absolute Unix time in seconds (reference §1.4).
      expiresAt: data.expires_in
        ? new Date(now.getTime() + data.expires_in * 1000)
        : data.expires
          ? new Date(data.expires * 1000)
          : new Date(now.getTime() + 14 * 86_400_000),
      scope: data.scope,
    };
    // Outside the transaction: a slow Salla must not hold the store's lock. A failure answers
    // 502 so that Salla delivers the event again.
    let info;
    try {
      info = await salla.getUserInfo(tokens.accessToken);
    } catch (error) {
      log.warn({ err: error, merchantId }, 'user info failed during app.store.authorize');
      throw new AppError('SALLA_UNAVAILABLE', { cause: error });
    }
    let store: SallaStoreInfo | null = null;
    try {
      store = await salla.getStoreInfo(tokens.accessToken);
    } catch (error) {
      log.warn(
        { err: error, merchantId },
        'store info failed during app.store.authorize; keeping the name from user info',
      );
    }

    const result = await db.transaction(async (tx) => {
      await ensureMerchant(tx, merchantId);
      const merchant = (await lockMerchant(tx, merchantId))!;
      const stored = await insertWebhookEvent(tx, {
        merchantId,
        dedupeKey,
        event: envelope.event,
        eventAt: at,
        // The tokens are kept encrypted on the merchant, never in the stored event.
        payload: withoutTokens(envelope),
        outcome: 'processed',
      });
      if (!stored) return null;
      await storeTokens(tx, ctx, merchantId, tokens);
      const values: Parameters<typeof updateMerchant>[2] = {
        installStatus: 'installed',
        uninstalledAt: null,
      };
      const name = store?.name || info.merchant.name;
      if (name) values.storeName = name;
      const domain = store?.domain || info.merchant.domain;
      if (domain) values.storeUrl = domain;
      let email = merchant.email;
      if (!email && info.email) {
        const owner = await findMerchantByEmail(tx, info.email);
        if (!owner) email = values.email = info.email;
        else
          log.warn(
            { merchantId, otherMerchant: owner.id },
            'owner e-mail already has a login; not linking it',
          );
      }
      await updateMerchant(tx, merchantId, values);
      const code =
        !merchant.passwordHash && email ? await authService.issueResetCode(tx, merchantId) : null;
      return { email, code, storeName: values.storeName ?? merchant.storeName };
    });
    if (!result) return 'duplicate';
    if (result.code && result.email) {
      await ctx.mailer
        .send(
          setPasswordMail({
            to: result.email,
            storeName: result.storeName,
            code: result.code,
            loginUrl: `${ctx.config.publicUrl}/login`,
          }),
        )
        .catch((err: unknown) => log.error({ err, merchantId }, 'set-password mail failed'));
    }
    return 'processed';
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
    if (envelope.event === 'app.store.authorize') return authorize(envelope, dedupeKey, at);

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
