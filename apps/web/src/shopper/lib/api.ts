import type {
  CustomerLoyaltyData,
  CustomerLoyaltyResponse,
  ErrorBody,
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
  UI_TIMING,
} from '@nuqat/contracts';

// Spec §9, from the contract's UI_TIMING by type only: zod stays out of the page's bundle, so
// answers are checked by hand below instead of with the contract's schemas.
const LOYALTY_TIMEOUT_MS: (typeof UI_TIMING)['customerLoyaltyTimeoutMs'] = 10000;
const DEFAULT_TIMEOUT_MS = 15_000;
// A redemption waits for Salla to create the coupon (with the API's own retries).
const REDEEM_TIMEOUT_MS = 30_000;

/**
 * Why a call failed: the API answered with an error (`http`), nothing answered (`network`), the
 * page gave up waiting (`timeout`), or a 2xx answer was not the contract's shape (`invalid`).
 */
export type FailureKind = 'http' | 'network' | 'timeout' | 'invalid';

export class ShopperApiError extends Error {
  readonly kind: FailureKind;
  /** 0 when there was no HTTP answer. */
  readonly status: number;
  readonly code: ErrorBody['code'] | null;
  /** The API's text, already in the language the page asked for (accept-language). */
  readonly serverMessage: string | null;
  readonly retryAfter: number | null;

  constructor(
    kind: FailureKind,
    init: {
      status?: number;
      code?: ErrorBody['code'] | null;
      serverMessage?: string | null;
      retryAfter?: number | null;
    } = {},
  ) {
    super(init.serverMessage ?? `${kind} ${init.status ?? 0}`);
    this.name = 'ShopperApiError';
    this.kind = kind;
    this.status = init.status ?? 0;
    this.code = init.code ?? null;
    this.serverMessage = init.serverMessage ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }

  /** The shopper token is missing, expired, revoked or not this customer's: sign in again. */
  get sessionRejected(): boolean {
    return this.kind === 'http' && (this.status === 401 || this.status === 403);
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: unknown;
  token?: string;
  language: Language;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function toHttpError(status: number, body: unknown): ShopperApiError {
  const error = isRecord(body) ? body : {};
  return new ShopperApiError('http', {
    status,
    code: typeof error.code === 'string' ? (error.code as ErrorBody['code']) : null,
    serverMessage:
      typeof error.message === 'string' && error.message.trim() !== '' ? error.message : null,
    retryAfter: typeof error.retryAfter === 'number' ? error.retryAfter : null,
  });
}

/**
 * One request to the API (same origin, under /api): JSON in and out, the page's language as
 * accept-language (the API's error messages follow it), the shopper token when there is one, and
 * a time limit. A caller's own abort rethrows the AbortError untouched.
 */
async function request(path: string, options: RequestOptions): Promise<unknown> {
  const { method = 'GET', body, token, language, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);

  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': language,
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  try {
    let response: Response;
    try {
      response = await fetch(new URL(path, window.location.origin), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        credentials: 'omit',
        signal: controller.signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ShopperApiError(timedOut ? 'timeout' : 'network');
    }
    let payload: unknown = null;
    try {
      const text = await response.text();
      payload = text ? (JSON.parse(text) as unknown) : null;
    } catch (error) {
      if (signal?.aborted) throw error;
      if (timedOut) throw new ShopperApiError('timeout');
      if (response.ok) throw new ShopperApiError('invalid', { status: response.status });
    }
    if (!response.ok) throw toHttpError(response.status, payload);
    return payload;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

function dataOf(payload: unknown, status = 200): Record<string, unknown> {
  if (isRecord(payload) && payload.success === true && isRecord(payload.data)) return payload.data;
  throw new ShopperApiError('invalid', { status });
}

const isArray = Array.isArray;

function isLoyaltyData(data: Record<string, unknown>): boolean {
  return (
    isRecord(data.customer) &&
    typeof data.customer.id === 'string' &&
    typeof data.availablePoints === 'number' &&
    typeof data.expiringPoints === 'number' &&
    typeof data.pendingPoints === 'number' &&
    isRecord(data.pointsRelease) &&
    isArray(data.pointsRelease.spendableOn) &&
    isRecord(data.earnRates) &&
    isArray(data.pointsMethods) &&
    isArray(data.rewards) &&
    isArray(data.coupons) &&
    isArray(data.history) &&
    isRecord(data.programme) &&
    typeof data.programme.redeemable === 'boolean'
  );
}

function isCoupon(data: Record<string, unknown>): boolean {
  return (
    typeof data.id === 'string' &&
    (data.source === 'reward' || data.source === 'referral') &&
    typeof data.name === 'string' &&
    typeof data.pointsRequired === 'number' &&
    typeof data.status === 'string' &&
    (data.code === null || typeof data.code === 'string') &&
    typeof data.createdAt === 'string'
  );
}

const REWARD_TYPES: readonly string[] = ['fixed', 'percentage', 'shipping'];

function isReferralReward(value: unknown): boolean {
  return (
    isRecord(value) &&
    typeof value.type === 'string' &&
    REWARD_TYPES.includes(value.type) &&
    typeof value.value === 'number' &&
    (value.maxAmount === undefined ||
      value.maxAmount === null ||
      typeof value.maxAmount === 'number')
  );
}

function isSession(data: Record<string, unknown>): boolean {
  return (
    typeof data.token === 'string' &&
    typeof data.customerId === 'string' &&
    typeof data.expiresAt === 'string'
  );
}

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

function isProgramme(data: Record<string, unknown>): boolean {
  return (
    isRecord(data.store) &&
    typeof data.store.name === 'string' &&
    isRecord(data.programme) &&
    typeof data.programme.redeemable === 'boolean' &&
    isArray(data.pointsMethods) &&
    isArray(data.rewards) &&
    (data.tiers === null || (isRecord(data.tiers) && isArray(data.tiers.levels))) &&
    (data.referral === null ||
      (isRecord(data.referral) &&
        isReferralReward(data.referral.participantReward) &&
        isReferralReward(data.referral.referralReward)))
  );
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
