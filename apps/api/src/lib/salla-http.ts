/**
 * How every Salla call is made (reference §1.3): Salla's error envelope becomes a SallaApiError;
 * 429 waits for Retry-After (bounded) and tries again; every call has a timeout.
 */

export class SallaApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'SallaApiError';
  }
  get isInvalidGrant(): boolean {
    return this.code === 'invalid_grant';
  }
}

export interface SallaClientOptions {
  apiBase: string;
  authBase: string;
  /** Base of `POST /exchange-authority/v1/introspect` (default: Salla's API host). */
  exchangeBase?: string;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
  timeoutMs?: number;
  /** Longest Retry-After we are willing to wait inside one call. */
  maxRetryAfterSeconds?: number;
  maxAttempts?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One Salla request, with the client's retries and timeout. */
export function createSallaRequest(options: SallaClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? wait;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxAttempts = options.maxAttempts ?? 3;
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 10;

  async function request<T>(
    url: string,
    init: {
      method: string;
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      timeoutMs?: number;
      /** Tries in all (429 and, for reads, 5xx are tried again); default `maxAttempts`. */
      attempts?: number;
    },
  ): Promise<T> {
    const limitMs = init.timeoutMs ?? timeoutMs;
    for (let attempt = 1; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: init.method,
          headers: {
            accept: 'application/json',
            ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
            ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...init.headers,
          },
          body:
            init.json !== undefined
              ? JSON.stringify(init.json)
              : init.form
                ? new URLSearchParams(init.form).toString()
                : undefined,
          signal: AbortSignal.timeout(limitMs),
        });
      } catch (error) {
        const timedOut =
          error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        // A refused connection never reached Salla; a cut one may have (the answer was lost).
        const refused = (error as { cause?: { code?: unknown } }).cause?.code === 'ECONNREFUSED';
        throw new SallaApiError(
          0,
          timedOut ? 'timeout' : refused ? 'refused' : 'network',
          timedOut ? `Salla did not answer within ${limitMs} ms` : 'Salla could not be reached',
        );
      }
      const text = await response.text();
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = {};
      }
      if (response.ok) return body as T;

      const retryAfter = Number(response.headers.get('retry-after'));
      const retryable =
        response.status === 429 || (response.status >= 500 && init.method !== 'POST');
      if (retryable && attempt < (init.attempts ?? maxAttempts)) {
        const seconds =
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 2 ** (attempt - 1);
        if (seconds <= maxRetryAfter) {
          await sleep(seconds * 1000);
          continue;
        }
      }
      // Salla's envelope {status, success, error:{code,message,fields}} or OAuth's {error, error_description}.
      const error = body.error;
      if (error && typeof error === 'object') {
        const e = error as { code?: unknown; message?: unknown; fields?: Record<string, string[]> };
        throw new SallaApiError(
          response.status,
          String(e.code ?? response.status),
          String(e.message ?? response.statusText),
          e.fields ?? {},
        );
      }
      throw new SallaApiError(
        response.status,
        typeof error === 'string' ? error : String(response.status),
        typeof body.error_description === 'string'
          ? body.error_description
          : response.statusText || 'Salla error',
      );
    }
  }

  return request;
}
