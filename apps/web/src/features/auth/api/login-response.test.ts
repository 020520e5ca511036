import { describe, expect, test } from 'vitest';
import { loginResponseBody } from '../../../testing/mocks';
import { readLoginResponse } from './login-response';

describe('reading a login answer', () => {
  test('the contract answer gives the token, merchant id and name under data', () => {
    expect(readLoginResponse(loginResponseBody({ token: 'test-token' }))).toEqual({
      kind: 'token',
      token: 'test-token',
      merchantId: '1234567',
      merchantName: 'متجر الورد',
    });
  });

  test('a token called accessToken is read', () => {
    expect(readLoginResponse({ success: true, accessToken: 'abc', merchantId: '7' })).toMatchObject(
      {
        kind: 'token',
        token: 'abc',
        merchantId: '7',
      },
    );
  });

  test('a token called access_token under data is read, with merchant_id', () => {
    expect(
      readLoginResponse({ status: 'success', data: { access_token: 'xyz', merchant_id: 42 } }),
    ).toEqual({ kind: 'token', token: 'xyz', merchantId: '42', merchantName: null });
  });

  test('data is preferred over the top level when both carry a token', () => {
    expect(readLoginResponse({ token: 'outer', data: { token: 'inner' } })).toMatchObject({
      token: 'inner',
    });
  });

  test('a token with no success flag at all is still accepted', () => {
    expect(readLoginResponse({ token: 'bare' })).toMatchObject({ kind: 'token', token: 'bare' });
  });

  test('a success answer without a token asks for the cookie check', () => {
    expect(readLoginResponse({ success: true, data: { merchantId: '9' } })).toEqual({
      kind: 'cookie',
      merchantId: '9',
      merchantName: null,
    });
    expect(readLoginResponse({ status: 'success' })).toMatchObject({ kind: 'cookie' });
  });

  test.each([
    ['null', null],
    ['a string', 'ok'],
    ['an array', [{ token: 'a' }]],
    ['an empty object', {}],
    ['an explicit failure', { success: false, token: 'a' }],
    ['a failed status', { status: 'error', token: 'a' }],
    ['an empty token', { token: '   ' }],
    ['a numeric token', { token: 12345 }],
  ])('%s is an invalid answer', (_label, body) => {
    expect(readLoginResponse(body)).toEqual({ kind: 'invalid' });
  });
});
