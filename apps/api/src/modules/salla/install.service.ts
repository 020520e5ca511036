import type { SallaEnvelope } from '@nuqat/contracts';
import { AppStoreAuthorizeDataSchema } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { setPasswordMail } from '../../lib/mail-templates.ts';
import type { SallaClient, SallaStoreInfo } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { ensureMerchant, lockMerchant, updateMerchant } from '../engine/engine.repository.ts';
import { findMerchantByEmail } from '../merchants/merchants.repository.ts';
import { storeTokens } from './salla-tokens.service.ts';
import { insertWebhookEvent, webhookEventExists } from './webhooks.repository.ts';
import { parseOrFail, type WebhookOutcome } from './payload.ts';

/** The envelope as stored: Salla's access and refresh tokens removed from its data. */
export function withoutTokens(envelope: SallaEnvelope): SallaEnvelope {
  const data = { ...envelope.data };
  delete data.access_token;
  delete data.refresh_token;
  return { ...envelope, data };
}

/** `app.store.authorize`: the Easy Mode install. */
export function createInstallService(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
}) {
  const { ctx, salla, authService } = deps;
  const { db, log } = ctx;

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

  return { authorize };
}
