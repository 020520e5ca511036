import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ReferralSettingsRequest } from '@nuqat/contracts';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { merchants, referrals } from '../db/schema/index.ts';
import { sealForStore } from '../lib/crypto.ts';
import { customerFacts, deliverOk, type EngineContext } from './engine-support.ts';
import { extractMailedCode } from './smtp-sink.ts';
import { signedInStore, uniqueEmail, uniqueIp, type SignedInStore } from './test-app.ts';

/** The referral programme most tests run: 25 SAR for the inviter, 15 % (60 SAR at most) for the friend. */
export const REFERRAL_SETTINGS: ReferralSettingsRequest = {
  isActive: true,
  participantReward: { type: 'fixed', value: 25 },
  referralReward: { type: 'percentage', value: 15, maxAmount: 60 },
};

export interface ReferralStore extends SignedInStore {
  storeUrl: string;
}

/**
 * Stores, shoppers and calls of the referral engine's tests (docs/decisions/021, 028). `context`
 * gives the suite's context once `beforeAll` made it.
 */
export function referralHelpers(context: () => EngineContext) {
  function merchantCall(
    store: SignedInStore,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
  ) {
    return context().server.inject({
      method,
      url: `/api/referrals${url}`,
      headers: { authorization: store.authorization, 'accept-language': 'en' },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  }

  /** An installed growth store with Salla tokens in the sandbox and the programme on. */
  async function referralStore(
    options: { plan?: 'starter' | 'growth'; settings?: ReferralSettingsRequest | null } = {},
  ): Promise<ReferralStore> {
    const store = await signedInStore(context(), {
      plan: options.plan ?? 'growth',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
    });
    const storeUrl = `https://store-${store.merchantId}.example.sa`;
    const tokens = context().sandbox.registerStore({
      merchantId: store.merchantId,
      domain: storeUrl,
    });
    await context()
      .database.db.update(merchants)
      .set({
        installStatus: 'installed',
        storeUrl,
        subscriptionStartedAt: new Date(Date.now() - 86_400_000),
        sallaAccessToken: sealForStore(
          context().config.keys.storeSecrets,
          store.merchantId,
          tokens.access_token,
        ),
        sallaRefreshToken: sealForStore(
          context().config.keys.storeSecrets,
          store.merchantId,
          tokens.refresh_token,
        ),
        sallaTokenExpiresAt: new Date(tokens.expires * 1000),
      })
      .where(eq(merchants.id, store.merchantId));
    const settings = options.settings === undefined ? REFERRAL_SETTINGS : options.settings;
    if (settings && (options.plan ?? 'growth') === 'growth') {
      const res = await merchantCall(store, 'POST', '/settings', settings);
      expect(res.statusCode, res.body).toBe(200);
    }
    return { ...store, storeUrl };
  }

  /** A shopper Salla told us about, signed in to the loyalty page through the mailed code. */
  async function signedInShopper(
    store: ReferralStore,
    extra: Partial<CustomerFacts> & { email?: string } = {},
  ) {
    const email = extra.email ?? uniqueEmail('inviter');
    const facts = customerFacts({ ...extra, email });
    await deliverOk(context(), webhooks.customerCreated(store.merchantId, facts));
    const after = context().smtp.messages.length;
    const ask = await context().server.inject({
      method: 'POST',
      url: '/api/customers/auth/request-code',
      payload: { merchantId: String(store.merchantId), email },
      remoteAddress: uniqueIp(),
    });
    expect(ask.statusCode).toBe(200);
    const mail = await context().smtp.waitForMail(email, { after });
    const verified = await context().server.inject({
      method: 'POST',
      url: '/api/customers/auth/verify-code',
      payload: { merchantId: String(store.merchantId), email, code: extractMailedCode(mail) },
      remoteAddress: uniqueIp(),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return { facts, email, token: verified.json().data.token as string };
  }

  async function loyaltyReferral(
    store: ReferralStore,
    shopper: { facts: CustomerFacts; token: string },
  ) {
    const res = await context().server.inject({
      method: 'GET',
      url: `/api/customers/loyalty/${store.merchantId}/${shopper.facts.id}`,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.referral as {
      code: string;
      link: string;
      invited: number;
      rewarded: number;
    } | null;
  }

  /** A signed-in shopper and their referral code. */
  async function inviterWithCode(
    store: ReferralStore,
    extra: Partial<CustomerFacts> & { email?: string } = {},
  ) {
    const inviter = await signedInShopper(store, extra);
    const referral = await loyaltyReferral(store, inviter);
    if (!referral) throw new Error('the programme is off');
    return { inviter, code: referral.code };
  }

  function claim(store: ReferralStore, code: string, email: string, ip = uniqueIp(), lang = 'en') {
    return context().server.inject({
      method: 'POST',
      url: '/api/customers/referrals/claim',
      headers: { 'accept-language': lang },
      payload: { merchantId: String(store.merchantId), code, email },
      remoteAddress: ip,
    });
  }

  function offer(store: ReferralStore, code: string, ip = uniqueIp()) {
    return context().server.inject({
      method: 'GET',
      url: `/api/customers/referrals/offer?merchantId=${store.merchantId}&code=${code}`,
      remoteAddress: ip,
    });
  }

  async function referralRows(store: ReferralStore) {
    return context()
      .database.db.select()
      .from(referrals)
      .where(eq(referrals.merchantId, store.merchantId));
  }

  const couponsOf = (store: ReferralStore, prefix: string) =>
    context().sandbox.coupons.filter(
      (c) => c.merchantId === store.merchantId && c.code.startsWith(prefix),
    );

  /** An inviter with a code and a friend who claimed it. */
  async function claimedReferral(store: ReferralStore) {
    const { inviter, code } = await inviterWithCode(store);
    const friendEmail = uniqueEmail('friend');
    const res = await claim(store, code, friendEmail);
    expect(res.statusCode, res.body).toBe(200);
    return { inviter, code, friendEmail };
  }

  async function settle(store: ReferralStore) {
    await context().app.services.referrals.idle();
    return context().app.services.referrals.settle({ merchantId: store.merchantId });
  }

  return {
    merchantCall,
    referralStore,
    signedInShopper,
    loyaltyReferral,
    inviterWithCode,
    claim,
    offer,
    referralRows,
    couponsOf,
    claimedReferral,
    settle,
  };
}
