import type {
  CustomerLoyaltyData,
  CustomerLoyaltyResponse,
  Language,
  RedeemRequest,
  RedeemResponse,
  ShopperCodeRequestedResponse,
  ReferralClaimCoupon,
  ReferralClaimRequest,
  ReferralOffer,
  ShopperCoupon,
  ShopperRequestCodeRequest,
  ShopperSession,
  ShopperSessionResponse,
  ShopperVerifyCodeRequest,
  StorefrontProgramme,
  StorefrontProgrammeResponse,
} from '@nuqat/contracts';
import {
  LOYALTY_TIMEOUT_MS,
  REDEEM_TIMEOUT_MS,
  ShopperApiError,
  dataOf,
  isRecord,
  request,
} from './http';
import { isCoupon, isLoyaltyData, isProgramme, isReferralReward, isSession } from './shapes';

export { ShopperApiError, type FailureKind } from './http';

const isArray = Array.isArray;

/**
 * Always the same answer whether or not the e-mail is a customer's (no account probing), with
 * the id of this request: verifying with it spends this code's own tries, which nobody else's
 * wrong guesses can use up (docs/decisions/025).
 */
export async function requestCode(
  input: ShopperRequestCodeRequest & { lang: Language },
): Promise<Pick<ShopperCodeRequestedResponse, 'message' | 'requestId'>> {
  const payload = await request('/api/customers/auth/request-code', {
    method: 'POST',
    body: input,
    language: input.lang,
  });
  if (
    !isRecord(payload) ||
    payload.success !== true ||
    typeof payload.message !== 'string' ||
    typeof payload.requestId !== 'string'
  )
    throw new ShopperApiError('invalid');
  return { message: payload.message, requestId: payload.requestId };
}

export async function verifyCode(
  input: ShopperVerifyCodeRequest,
  language: Language,
): Promise<ShopperSession> {
  const payload = await request('/api/customers/auth/verify-code', {
    method: 'POST',
    body: input,
    language,
  });
  const data = dataOf(payload);
  if (!isSession(data)) throw new ShopperApiError('invalid');
  return (payload as ShopperSessionResponse).data;
}

export type SignInChannel = 'email' | 'sms';
export interface AuthOptions {
  channels: SignInChannel[];
  preferred: SignInChannel;
}

/** Which ways to get a code this store offers (e-mail always; SMS when it has a provider). */
export async function getAuthOptions(merchantId: string, language: Language): Promise<AuthOptions> {
  const data = dataOf(
    await request(`/api/customers/auth/options?merchantId=${encodeURIComponent(merchantId)}`, {
      language,
    }),
  );
  const channels = isArray(data.channels)
    ? data.channels.filter((c): c is SignInChannel => c === 'email' || c === 'sms')
    : [];
  if (!channels.includes('email')) throw new ShopperApiError('invalid');
  return {
    channels,
    preferred: data.preferred === 'sms' && channels.includes('sms') ? 'sms' : 'email',
  };
}

export interface ShopperCall {
  merchantId: string;
  customerId: string;
  token: string;
  language: Language;
  signal?: AbortSignal;
}

export async function getCustomerLoyalty(call: ShopperCall): Promise<CustomerLoyaltyData> {
  const { merchantId, customerId, token, language, signal } = call;
  const path = `/api/customers/loyalty/${encodeURIComponent(merchantId)}/${encodeURIComponent(customerId)}?lang=${language}`;
  const payload = await request(path, {
    token,
    language,
    signal,
    timeoutMs: LOYALTY_TIMEOUT_MS,
  });
  const data = dataOf(payload);
  if (!isLoyaltyData(data)) throw new ShopperApiError('invalid');
  return (payload as CustomerLoyaltyResponse).data;
}

export async function redeemReward(
  call: ShopperCall & { body: Required<RedeemRequest> },
): Promise<ShopperCoupon> {
  const { merchantId, customerId, token, language, signal, body } = call;
  const path = `/api/customers/loyalty/${encodeURIComponent(merchantId)}/${encodeURIComponent(customerId)}/redeem`;
  const payload = await request(path, {
    method: 'POST',
    body,
    token,
    language,
    signal,
    timeoutMs: REDEEM_TIMEOUT_MS,
  });
  const data = dataOf(payload);
  if (!isCoupon(data)) throw new ShopperApiError('invalid');
  return (payload as RedeemResponse).data;
}

/** Cancels an unused reward coupon within its window; answers with the coupon, now cancelled. */
export async function cancelCoupon(
  call: ShopperCall & { couponId: string },
): Promise<ShopperCoupon> {
  const { merchantId, customerId, couponId, token, language, signal } = call;
  const path = `/api/customers/loyalty/${encodeURIComponent(merchantId)}/${encodeURIComponent(customerId)}/coupons/${encodeURIComponent(couponId)}/cancel`;
  // Salla deletes the coupon first, with the API's own retries.
  const payload = await request(path, {
    method: 'POST',
    token,
    language,
    signal,
    timeoutMs: REDEEM_TIMEOUT_MS,
  });
  const data = dataOf(payload);
  if (!isCoupon(data)) throw new ShopperApiError('invalid');
  return (payload as RedeemResponse).data;
}

/** Revokes the token on the server; the page forgets it whatever the answer. */
export async function logoutShopper(token: string, language: Language): Promise<void> {
  await request('/api/customers/auth/logout', { method: 'POST', token, language });
}

/** What a friend's invitation gives them (public: no session), for the code the store kept. */
export async function getReferralOffer(input: {
  merchantId: string;
  code: string;
  language: Language;
  signal?: AbortSignal;
}): Promise<ReferralOffer> {
  const { merchantId, code, language, signal } = input;
  const query = new URLSearchParams({ merchantId, code }).toString();
  const payload = await request(`/api/customers/referrals/offer?${query}`, { language, signal });
  const data = dataOf(payload);
  if (typeof data.storeName !== 'string' || !isReferralReward(data.reward)) {
    throw new ShopperApiError('invalid');
  }
  return data as unknown as ReferralOffer;
}

/** The friend claims their gift: the coupon's code goes to the e-mail only (decision 021). */
export async function claimReferral(
  body: ReferralClaimRequest,
  language: Language,
): Promise<ReferralClaimCoupon> {
  const payload = await request('/api/customers/referrals/claim', {
    method: 'POST',
    body,
    language,
  });
  const data = dataOf(payload);
  const coupon = data.coupon;
  if (
    !isReferralReward(coupon) ||
    !isRecord(coupon) ||
    typeof coupon.expiresAt !== 'string' ||
    typeof coupon.sentTo !== 'string'
  ) {
    throw new ShopperApiError('invalid');
  }
  return coupon as unknown as ReferralClaimCoupon;
}

/** The store's programme as a visitor sees it (public, cached by the browser for a minute). */
export async function getProgramme(input: {
  merchantId: string;
  language: Language;
  signal?: AbortSignal;
}): Promise<StorefrontProgramme> {
  const { merchantId, language, signal } = input;
  const payload = await request(
    `/api/storefront/${encodeURIComponent(merchantId)}/programme?lang=${language}`,
    { language, signal, timeoutMs: LOYALTY_TIMEOUT_MS },
  );
  const data = dataOf(payload);
  if (!isProgramme(data)) throw new ShopperApiError('invalid');
  return (payload as StorefrontProgrammeResponse).data;
}
