import type { SallaEnvelope } from '@nuqat/contracts';
import { AppStoreAuthorizeDataSchema } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { setPasswordMail } from '../../lib/mail-templates.ts';
import { embeddedAppUrl } from '../../lib/salla-dashboard.ts';
import type { SallaClient, SallaStoreInfo, SallaUserInfo } from '../../lib/salla-client.ts';
import type { AuthService } from '../auth/index.ts';
import {
  type ProfileChange,
  claimProfileFetch,
  ensureMerchant,
  lockMerchant,
  recordAuthorization,
  saveProfile,
  stopProfileFetch,
} from '../merchants/index.ts';
import { findMerchantByEmail, findMerchantById } from '../merchants/index.ts';
import { authorizeEffect, STALE_LIFECYCLE } from './app-events.ts';
import { storeTokens } from './salla-tokens.service.ts';
import { deliveryExists, insertWebhookEvent } from '../engine/index.ts';
import { parseOrFail, type WebhookOutcome } from './payload.ts';

/** The envelope as stored: Salla's access and refresh tokens removed from its data. */
export function withoutTokens(envelope: SallaEnvelope): SallaEnvelope {
  const data = { ...envelope.data };
  delete data.access_token;
  delete data.refresh_token;
  return { ...envelope, data };
}

/** Profile fetches given up after this many tries (about four days with the backoff below). */
export const PROFILE_FETCH_MAX_ATTEMPTS = 20;

/** Wait after failed try `attempt` (1-based): 5 min, doubling, at most 6 hours. */
export function profileRetryDelayMs(attempt: number): number {
  return Math.min(5 * 60_000 * 2 ** (attempt - 1), 6 * 3_600_000);
}

export type ProfileFetchOutcome = 'fetched' | 'failed' | 'gave_up' | 'dropped' | 'not_due';

/**
 * `app.store.authorize` (Easy Mode install) and the owner's profile that follows it.
 *
 * Salla sends the install tokens once (reference §1.4), so they are kept first, in one
 * transaction with the stored event, and the event is answered 200 whatever Salla's user-info
 * call does next. The profile (who the owner is, the store's name and domain) is then fetched
 * once at once and, on failure, again by the profile job with backoff
 * (`merchants.profile_fetch_next_at` / `profile_fetch_attempts`).
 */
export function createInstallService(deps: {
  ctx: AppContext;
  salla: SallaClient;
  authService: AuthService;
}) {
  const { ctx, salla, authService } = deps;
  const { db, log } = ctx;

  async function authorize(
    envelope: SallaEnvelope,
    dedupeKey: string,
    at: Date,
  ): Promise<WebhookOutcome> {
    const merchantId = envelope.merchant;
    if (await deliveryExists(db, dedupeKey)) return 'duplicate';
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

    const effect = await db.transaction(async (tx) => {
      await ensureMerchant(tx, merchantId);
      const current = await lockMerchant(tx, merchantId);
      const effect = authorizeEffect(current, at);
      const keep = effect === 'install' || effect === 'tokens';
      const event = await insertWebhookEvent(tx, {
        merchantId,
        dedupeKey,
        event: envelope.event,
        eventAt: at,
        // The tokens are kept encrypted on the merchant, never in the stored event.
        payload: withoutTokens(envelope),
        outcome: keep ? 'processed' : 'ignored',
        note:
          effect === 'stale'
            ? STALE_LIFECYCLE
            : effect === 'older_tokens'
              ? 'older than the authorize whose tokens the store holds'
              : null,
      });
      if (!event) return 'duplicate' as const;
      if (!keep) return effect;
      await storeTokens(tx, ctx, merchantId, tokens);
      // Installed by a newer event already, the state stays as that event left it.
      await recordAuthorization(tx, merchantId, {
        installs: effect === 'install',
        at,
        fetchProfileAt: now,
      });
      return effect;
    });
    if (effect === 'duplicate') return 'duplicate';
    if (effect === 'stale' || effect === 'older_tokens') {
      log.info(
        { merchantId, event: envelope.event, eventAt: at, effect },
        effect === 'stale'
          ? "webhook ignored: older than the store's newest install lifecycle event"
          : 'webhook ignored: older than the authorize whose tokens the store holds',
      );
      return 'ignored';
    }

    // The tokens are safe: whatever happens to the profile now, the install answers 200.
    await fetchProfile({ merchantId, getToken: () => Promise.resolve(tokens.accessToken) }).catch(
      (err: unknown) => log.error({ err, merchantId }, 'profile fetch after install failed'),
    );
    return 'processed';
  }

  /**
   * One try at the owner's profile when it is due: claims the try (so two workers never make the
   * same one), asks Salla, then links the owner's e-mail and invites them to set a password.
   */
  async function fetchProfile({
    merchantId,
    getToken,
  }: {
    merchantId: number;
    getToken: () => Promise<string>;
  }): Promise<ProfileFetchOutcome> {
    const now = ctx.now();
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant?.profileFetchNextAt || merchant.profileFetchNextAt > now) return 'not_due';
    if (
      merchant.installStatus !== 'installed' ||
      merchant.needsReinstall ||
      !merchant.sallaAccessToken
    ) {
      // Nothing to ask Salla with; the next app.store.authorize schedules a fetch again.
      await stopProfileFetch(db, merchantId);
      return 'dropped';
    }
    const attempt = merchant.profileFetchAttempts + 1;
    const claimed = await claimProfileFetch(db, {
      merchantId,
      now,
      attempt,
      retryAt: new Date(now.getTime() + profileRetryDelayMs(attempt)),
    });
    if (!claimed) return 'not_due';

    /** A failed try: the claim already set the next one, unless this was the last. */
    async function failed(error: unknown, message: string): Promise<ProfileFetchOutcome> {
      if (attempt >= PROFILE_FETCH_MAX_ATTEMPTS) {
        await stopProfileFetch(db, merchantId);
        log.error(
          { err: error, merchantId, attempt },
          "giving up on the store owner's profile: no login is created until a reinstall",
        );
        return 'gave_up';
      }
      log.warn(
        { err: error, merchantId, attempt, retryInMs: profileRetryDelayMs(attempt) },
        message,
      );
      return 'failed';
    }

    let info: SallaUserInfo;
    let token: string;
    try {
      token = await getToken();
      info = await salla.getUserInfo(token);
    } catch (error) {
      return failed(error, "salla user info failed; the owner's profile will be fetched again");
    }
    let store: SallaStoreInfo | null = null;
    try {
      store = await salla.getStoreInfo(token);
    } catch (error) {
      log.warn(
        { err: error, merchantId },
        'store info failed after the install; keeping the name from user info',
      );
    }

    let invite: { email: string; code: string; storeName: string } | null = null;
    try {
      invite = await db.transaction(async (tx) => {
        const current = (await lockMerchant(tx, merchantId))!;
        const values: ProfileChange = {};
        const name = store?.name || info.merchant.name;
        if (name) values.storeName = name;
        const domain = store?.domain || info.merchant.domain;
        if (domain) values.storeUrl = domain;
        // The shopper e-mails' header and Reply-To, the panel's logo (decision 034).
        if (store?.avatar) values.storeLogoUrl = store.avatar;
        if (store?.email) values.storeContactEmail = store.email.trim().toLowerCase();
        let email = current.email;
        if (!email && info.email) {
          const owner = await findMerchantByEmail(tx, info.email);
          if (!owner) email = values.email = info.email;
          else
            log.warn(
              { merchantId, otherMerchant: owner.id },
              'owner e-mail already has a login; not linking it',
            );
        }
        await saveProfile(tx, merchantId, values);
        if (current.passwordHash || !email) return null;
        const code = await authService.issueResetCode(tx, merchantId);
        return { email, code, storeName: values.storeName ?? current.storeName };
      });
    } catch (error) {
      // E.g. another store linked the same e-mail at this very moment: the next try sees it.
      return failed(error, "could not keep the store owner's profile; will try again");
    }
    if (invite) {
      await ctx.mailer
        .send(
          setPasswordMail({
            to: invite.email,
            storeName: invite.storeName,
            code: invite.code,
            loginUrl: `${ctx.config.publicUrl}/login`,
            openInSallaUrl: embeddedAppUrl(ctx.config.salla),
          }),
        )
        .catch((err: unknown) => log.error({ err, merchantId }, 'set-password mail failed'));
    }
    return 'fetched';
  }

  return { authorize, fetchProfile };
}
