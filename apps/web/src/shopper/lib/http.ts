import type { ErrorBody, Language, UI_TIMING } from '@nuqat/contracts';

// Spec §9, from the contract's UI_TIMING by type only: zod stays out of the page's bundle, so
// answers are checked by hand (shapes.ts) instead of with the contract's schemas.
export const LOYALTY_TIMEOUT_MS: (typeof UI_TIMING)['customerLoyaltyTimeoutMs'] = 10000;
const DEFAULT_TIMEOUT_MS = 15_000;
// A redemption waits for Salla to create the coupon (with the API's own retries).
export const REDEEM_TIMEOUT_MS = 30_000;

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

export const isRecord = (value: unknown): value is Record<string, unknown> =>
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
export async function request(path: string, options: RequestOptions): Promise<unknown> {
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

export function dataOf(payload: unknown, status = 200): Record<string, unknown> {
  if (isRecord(payload) && payload.success === true && isRecord(payload.data)) return payload.data;
  throw new ShopperApiError('invalid', { status });
}
