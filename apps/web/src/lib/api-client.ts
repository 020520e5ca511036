import { z } from 'zod';
import { ErrorBodySchema, isErrorCode, type ErrorCode, type FieldIssue } from '@nuqat/contracts';
import { currentLanguage } from './i18n';
import { endSession, getCsrfToken, sessionCredentials } from './session';

/** An HTTP answer that was not 2xx. `code` is null when the body carried no known code. */
export class ApiError extends Error {
  readonly kind = 'http';
  readonly status: number;
  readonly code: ErrorCode | null;
  /** The server's own text, in the request's language; shown only when `code` is unknown. */
  readonly serverMessage: string | null;
  readonly retryAfter: number | null;
  readonly issues: FieldIssue[];
  readonly requestId: string | null;

  constructor(init: {
    status: number;
    code: ErrorCode | null;
    serverMessage: string | null;
    retryAfter: number | null;
    issues?: FieldIssue[];
    requestId?: string | null;
  }) {
    super(init.serverMessage ?? `HTTP ${init.status}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.retryAfter = init.retryAfter;
    this.issues = init.issues ?? [];
    this.requestId = init.requestId ?? null;
  }
}

/** The request never got an answer: offline, DNS, refused connection, or our own timeout. */
export class NetworkError extends Error {
  readonly kind = 'network';
  readonly reason: 'offline' | 'timeout';

  constructor(reason: 'offline' | 'timeout', options?: { cause?: unknown }) {
    super('No response from server. Please check your internet connection', options);
    this.name = 'NetworkError';
    this.reason = reason;
  }
}

/** A 2xx answer whose body is not what the contract says. */
export class InvalidResponseError extends Error {
  readonly kind = 'invalid-response';

  constructor(options?: { cause?: unknown }) {
    super('Invalid server response', options);
    this.name = 'InvalidResponseError';
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates a 2xx body; without it the parsed JSON is returned as `unknown`. */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * 'end-session' (default): a 401 means the merchant's session is gone, so it is cleared and the
   * app goes to /login. 'ignore': the caller handles 401 itself (login, password recovery).
   */
  onUnauthorized?: 'end-session' | 'ignore';
  headers?: Record<string, string>;
  /** A body sent as it is (a CSV file), instead of `body` as JSON. */
  rawBody?: { contentType: string; data: string };
}

// Bodies that are not the contract's error shape (proxies, older servers) may still say something.
const LooseErrorBodySchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  error: z.string().optional(),
  retryAfter: z.number().optional(),
});

function parseRetryAfterHeader(value: string | null): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The ApiError a non-2xx answer and its parsed body (JSON, or null/undefined) stand for. */
export function toApiError(response: Response, body: unknown): ApiError {
  const headerRetryAfter = parseRetryAfterHeader(response.headers.get('Retry-After'));
  const strict = ErrorBodySchema.safeParse(body);
  if (strict.success) {
    return new ApiError({
      status: response.status,
      code: strict.data.code,
      serverMessage: strict.data.message || null,
      retryAfter: strict.data.retryAfter ?? headerRetryAfter,
      issues: strict.data.issues ?? [],
      requestId: strict.data.requestId ?? null,
    });
  }
  const loose = LooseErrorBodySchema.safeParse(body);
  const data = loose.success ? loose.data : {};
  return new ApiError({
    status: response.status,
    code: isErrorCode(data.code) ? data.code : null,
    serverMessage: data.message || data.error || null,
    retryAfter: data.retryAfter ?? headerRetryAfter,
  });
}

function combineSignals(signal: AbortSignal | undefined, timeoutMs: number | undefined) {
  const signals: AbortSignal[] = [];
  if (signal) signals.push(signal);
  if (timeoutMs) signals.push(AbortSignal.timeout(timeoutMs));
  if (signals.length === 0) return undefined;
  return signals.length === 1 ? signals[0] : AbortSignal.any(signals);
}

const readOnlyListeners = new Set<() => void>();

/**
 * Called whenever the API refuses a change because the session is the read-only demo
 * (READ_ONLY_DEMO, decision 044): the demo banner explains it, whatever screen asked.
 */
export function onReadOnlyRefusal(listener: () => void): () => void {
  readOnlyListeners.add(listener);
  return () => readOnlyListeners.delete(listener);
}

/**
 * The one door to the API (same origin, under /api): the httpOnly session cookie, its CSRF
 * token on every change — or, inside the Salla dashboard, the in-memory bearer token and no
 * cookie — the merchant's language, and errors turned into ApiError / NetworkError /
 * InvalidResponseError.
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const {
    method = 'GET',
    body,
    schema,
    signal,
    timeoutMs,
    onUnauthorized = 'end-session',
    headers: extraHeaders,
    rawBody,
  } = options;

  const session = sessionCredentials();
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...session.headers,
  });
  if (method !== 'GET') {
    const csrf = getCsrfToken();
    if (csrf) headers.set('X-CSRF-Token', csrf);
  }
  for (const [name, value] of Object.entries(extraHeaders ?? {})) headers.set(name, value);
  if (body !== undefined) headers.set('Content-Type', 'application/json');
  if (rawBody) headers.set('Content-Type', rawBody.contentType);

  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), {
      method,
      headers,
      body: rawBody ? rawBody.data : body === undefined ? undefined : JSON.stringify(body),
      credentials: session.credentials,
      signal: combineSignals(signal, timeoutMs),
    });
  } catch (error) {
    // The caller's own abort (a query cancelled on unmount) is not a network failure.
    if (signal?.aborted) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new NetworkError(timedOut ? 'timeout' : 'offline', { cause: error });
  }

  const payload = await readJson(response);

  if (!response.ok) {
    const error = toApiError(response, payload);
    if (error.code === 'READ_ONLY_DEMO') for (const listener of readOnlyListeners) listener();
    if (response.status === 401 && onUnauthorized === 'end-session') {
      endSession(error.code === 'SESSION_EXPIRED' ? 'SESSION_EXPIRED' : 'UNAUTHENTICATED');
    }
    throw error;
  }

  if (payload === undefined) throw new InvalidResponseError();
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new InvalidResponseError({ cause: parsed.error });
  return parsed.data;
}
