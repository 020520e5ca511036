import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '@nuqat/contracts';
import { server } from '../testing/server';
import { errorBody, signIn, TEST_MERCHANT } from '../testing/mocks';
import { ApiError, InvalidResponseError, NetworkError, apiRequest } from './api-client';
import { i18n } from './i18n';
import { onSessionEnd } from './session';

describe('the API client', () => {
  test('it sends the language, and the CSRF token on changes only — never a bearer token', async () => {
    signIn();
    localStorage.setItem(STORAGE_KEYS.token, 'token-of-an-older-version');
    await i18n.changeLanguage('en');
    const seen: Record<string, Headers> = {};
    server.use(
      http.get('/api/ping', ({ request }) => {
        seen.get = request.headers;
        return HttpResponse.json({ ok: true });
      }),
      http.post('/api/ping', ({ request }) => {
        seen.post = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/api/ping')).resolves.toEqual({ ok: true });
    await apiRequest('/api/ping', { method: 'POST', body: {} });
    expect(seen.get?.get('Accept-Language')).toBe('en');
    expect(seen.get?.get('Authorization')).toBeNull();
    expect(seen.get?.get('X-CSRF-Token')).toBeNull();
    expect(seen.post?.get('Authorization')).toBeNull();
    expect(seen.post?.get('X-CSRF-Token')).toBe(TEST_MERCHANT.csrfToken);
  });

  test('signed out, a change carries no CSRF token', async () => {
    let csrf: string | null = 'unset';
    server.use(
      http.post('/api/ping', ({ request }) => {
        csrf = request.headers.get('X-CSRF-Token');
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/api/ping', { method: 'POST', body: {} });
    expect(csrf).toBeNull();
  });

  test('an error body becomes an ApiError with its code and retry delay', async () => {
    server.use(
      http.post('/api/ping', () =>
        HttpResponse.json(errorBody('RATE_LIMITED', { retryAfter: 30, requestId: 'req-1' }), {
          status: 429,
        }),
      ),
    );
    const error = await apiRequest('/api/ping', { method: 'POST', body: {} }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 429,
      code: 'RATE_LIMITED',
      retryAfter: 30,
      requestId: 'req-1',
    });
  });

  test('the Retry-After header is used when the body has no retryAfter', async () => {
    server.use(
      http.get('/api/ping', () =>
        HttpResponse.json(errorBody('RATE_LIMITED'), {
          status: 429,
          headers: { 'Retry-After': '12' },
        }),
      ),
    );
    await expect(apiRequest('/api/ping')).rejects.toMatchObject({ retryAfter: 12 });
  });

  test('a body that is not the contract shape keeps its message but no code', async () => {
    server.use(http.get('/api/ping', () => HttpResponse.json({ error: 'Boom' }, { status: 500 })));
    await expect(apiRequest('/api/ping')).rejects.toMatchObject({
      status: 500,
      code: null,
      serverMessage: 'Boom',
    });
  });

  test('no answer at all is a NetworkError', async () => {
    server.use(http.get('/api/ping', () => HttpResponse.error()));
    await expect(apiRequest('/api/ping')).rejects.toBeInstanceOf(NetworkError);
  });

  test('a 2xx body that fails its schema is an InvalidResponseError', async () => {
    const { z } = await import('zod');
    server.use(http.get('/api/ping', () => HttpResponse.json({ nope: true })));
    await expect(
      apiRequest('/api/ping', { schema: z.object({ ok: z.literal(true) }) }),
    ).rejects.toBeInstanceOf(InvalidResponseError);
  });

  test('a 401 ends the session unless the caller handles it', async () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnd(ended);
    server.use(
      http.get('/api/ping', () => HttpResponse.json(errorBody('UNAUTHENTICATED'), { status: 401 })),
    );

    signIn();
    await expect(apiRequest('/api/ping', { onUnauthorized: 'ignore' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(ended).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.merchantId)).toBe(TEST_MERCHANT.merchantId);

    await expect(apiRequest('/api/ping')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledWith('UNAUTHENTICATED');
    expect(localStorage.getItem(STORAGE_KEYS.merchantId)).toBeNull();
    unsubscribe();
  });
});
