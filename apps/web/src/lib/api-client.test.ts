import { http, HttpResponse } from 'msw';
import { describe, expect, test, vi } from 'vitest';
import { STORAGE_KEYS } from '@nuqat/contracts';
import { server } from '../testing/server';
import { errorBody, signIn, TEST_MERCHANT } from '../testing/mocks';
import { ApiError, InvalidResponseError, NetworkError, apiRequest } from './api-client';
import { i18n } from './i18n';
import { onSessionEnd } from './session';

describe('the API client', () => {
  test('it sends the bearer token, the cookie mode and the current language', async () => {
    signIn();
    await i18n.changeLanguage('en');
    let headers: Headers | undefined;
    server.use(
      http.get('/api/ping', ({ request }) => {
        headers = request.headers;
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(apiRequest('/api/ping')).resolves.toEqual({ ok: true });
    expect(headers?.get('Authorization')).toBe(`Bearer ${TEST_MERCHANT.token}`);
    expect(headers?.get('Accept-Language')).toBe('en');
  });

  test('without a token no Authorization header is sent', async () => {
    let authorization: string | null = 'unset';
    server.use(
      http.get('/api/ping', ({ request }) => {
        authorization = request.headers.get('Authorization');
        return HttpResponse.json({});
      }),
    );
    await apiRequest('/api/ping');
    expect(authorization).toBeNull();
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
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TEST_MERCHANT.token);

    await expect(apiRequest('/api/ping')).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledWith('UNAUTHENTICATED');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    unsubscribe();
  });
});
