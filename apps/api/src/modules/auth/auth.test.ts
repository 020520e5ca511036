import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AUTH_RATE_LIMITS } from './auth.service.ts';
import { extractResetCode } from '../../test/smtp-sink.ts';
import {
  createMerchant,
  createTestContext,
  uniqueEmail,
  uniqueIp,
  type TestContext,
} from '../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Body = Record<string, unknown>;

function post(
  url: string,
  payload: Body,
  opts: { ip?: string; token?: string; lang?: string; cookie?: string } = {},
) {
  return ctx.server.inject({
    method: 'POST',
    url: `/api/merchants/auth/${url}`,
    payload,
    remoteAddress: opts.ip ?? uniqueIp(),
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.lang ? { 'accept-language': opts.lang } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
  });
}

const storeInfo = (headers: Record<string, string>) =>
  ctx.server.inject({ method: 'GET', url: '/api/merchants/store-info', headers });

async function login(email: string, password: string, ip = uniqueIp()) {
  const res = await post('login', { email, password }, { ip });
  return {
    res,
    body: res.json() as Body & {
      data: { token: string; merchantId: string; merchantName: string };
    },
  };
}

/** Runs forgot-password and returns the code read from the real SMTP sink. */
async function requestCode(email: string, ip = uniqueIp()): Promise<string> {
  const before = ctx.smtp.messages.length;
  const res = await post('forgot-password', { email }, { ip });
  expect(res.statusCode).toBe(200);
  return extractResetCode(await ctx.smtp.waitForMail(email, { after: before }));
}

describe('login', () => {
  test('a merchant logs in with a trimmed, upper-case e-mail and a padded password', async () => {
    const { merchant, email, password } = await createMerchant(ctx);
    const { res, body } = await login(`  ${email.toUpperCase()}  `, `  ${password} `);
    expect(res.statusCode).toBe(200);
    expect(body.success).toBe(true);
    expect(body.data.merchantId).toBe(String(merchant.id));
    expect(body.data.merchantName).toBe(merchant.storeName);
    expect(body.data.token.split('.')).toHaveLength(3);
    const cookie = res.cookies.find((c) => c.name === 'nuqat_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.value).toBe(body.data.token);
  });

  test('an unknown e-mail and a wrong password get the same 401 body', async () => {
    const { email } = await createMerchant(ctx);
    const wrongPassword = await login(email, 'not-the-password');
    const unknownEmail = await login(uniqueEmail('nobody'), 'not-the-password');
    expect(wrongPassword.res.statusCode).toBe(401);
    expect(unknownEmail.res.statusCode).toBe(401);
    const strip = (b: Body) => ({ ...b, requestId: undefined });
    expect(strip(wrongPassword.body)).toEqual(strip(unknownEmail.body));
    expect(wrongPassword.body.code).toBe('AUTH_INVALID_CREDENTIALS');
    expect(wrongPassword.res.cookies).toHaveLength(0);
  });

  test('the 401 message follows Accept-Language, Arabic by default', async () => {
    const ar = await post('login', { email: uniqueEmail(), password: 'x' });
    const en = await post(
      'login',
      { email: uniqueEmail(), password: 'x' },
      { lang: 'en-US,en;q=0.9' },
    );
    expect(ar.json().message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
    expect(en.json().message).toBe('Incorrect email or password');
  });

  test('missing fields and unknown fields are 400 with field issues', async () => {
    const missing = await post('login', { email: 'a@b.co' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('VALIDATION_FAILED');
    expect(missing.json().issues.map((i: { path: string }) => i.path)).toContain('body.password');
    const blank = await post('login', { email: '   ', password: '   ' });
    expect(blank.statusCode).toBe(400);
    const extra = await post('login', { email: 'a@b.co', password: 'x', admin: true });
    expect(extra.statusCode).toBe(400);
  });

  test('the session cookie alone opens store-info (the spec’s cookie-based check)', async () => {
    const { merchant, email, password } = await createMerchant(ctx);
    const { res } = await login(email, password);
    const cookie = res.cookies.find((c) => c.name === 'nuqat_session')!;
    const info = await storeInfo({ cookie: `nuqat_session=${cookie.value}` });
    expect(info.statusCode).toBe(200);
    expect(info.json().data.merchantId).toBe(String(merchant.id));
  });

  test('logout ends that session only', async () => {
    const { email, password } = await createMerchant(ctx);
    const first = (await login(email, password)).body.data.token;
    const second = (await login(email, password)).body.data.token;
    const out = await post('logout', {}, { token: first });
    expect(out.statusCode).toBe(200);
    expect((await storeInfo({ authorization: `Bearer ${first}` })).json().code).toBe(
      'SESSION_EXPIRED',
    );
    expect((await storeInfo({ authorization: `Bearer ${second}` })).statusCode).toBe(200);
  });

  test('a session expires after its lifetime', async () => {
    const { email, password } = await createMerchant(ctx);
    const token = (await login(email, password)).body.data.token;
    ctx.clock.advance(8 * 86_400_000);
    try {
      const res = await storeInfo({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
    } finally {
      ctx.clock.advance(-8 * 86_400_000);
    }
  });
});

describe('rate limits', () => {
  test('login attempts per e-mail are limited with 429, Retry-After and a message', async () => {
    const { email, password } = await createMerchant(ctx);
    const { limit } = AUTH_RATE_LIMITS.loginPerEmail;
    for (let i = 0; i < limit; i++) {
      expect((await login(email, 'wrong')).res.statusCode).toBe(401);
    }
    // Even the right password is refused once the e-mail is locked, from a fresh IP.
    const { res, body } = await login(email, password);
    expect(res.statusCode).toBe(429);
    expect(body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(AUTH_RATE_LIMITS.loginPerEmail.windowSeconds);
    expect(body.retryAfter).toBe(retryAfter);
    expect(body.message).toContain(String(retryAfter));
  });

  test('login attempts per IP are limited across e-mails', async () => {
    const ip = uniqueIp();
    const { limit } = AUTH_RATE_LIMITS.loginPerIp;
    const statuses: number[] = [];
    for (let i = 0; i <= limit; i++)
      statuses.push((await login(uniqueEmail(), 'wrong', ip)).res.statusCode);
    expect(statuses.slice(0, limit).every((s) => s === 401)).toBe(true);
    expect(statuses[limit]).toBe(429);
    // Another address is unaffected.
    expect((await login(uniqueEmail(), 'wrong')).res.statusCode).toBe(401);
  });

  test('forgot-password is limited per e-mail, whether or not the e-mail exists', async () => {
    for (const email of [(await createMerchant(ctx)).email, uniqueEmail('ghost')]) {
      const statuses: number[] = [];
      for (let i = 0; i <= AUTH_RATE_LIMITS.forgotPerEmail.limit; i++) {
        statuses.push((await post('forgot-password', { email })).statusCode);
      }
      expect(statuses).toEqual([...Array(AUTH_RATE_LIMITS.forgotPerEmail.limit).fill(200), 429]);
    }
  });

  test('concurrent attempts are counted exactly', async () => {
    const email = uniqueEmail();
    const { limit } = AUTH_RATE_LIMITS.loginPerEmail;
    const results = await Promise.all(
      Array.from({ length: limit + 5 }, () => login(email, 'wrong')),
    );
    expect(results.filter((r) => r.res.statusCode === 429)).toHaveLength(5);
  });
});

describe('password recovery', () => {
  test('forgot-password answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    const { email } = await createMerchant(ctx);
    const ghost = uniqueEmail('ghost');
    const before = ctx.smtp.messages.length;
    const known = await post('forgot-password', { email });
    const unknown = await post('forgot-password', { email: ghost });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mail = await ctx.smtp.waitForMail(email, { after: before });
    expect(mail.subject).toContain('رمز');
    expect(mail.text).toMatch(/\b\d{6}\b/);
    expect(mail.text.indexOf('مرحباً')).toBeLessThan(mail.text.indexOf('Hello'));
    await new Promise((r) => setTimeout(r, 200));
    expect(ctx.smtp.messages.slice(before).some((m) => m.to.includes(ghost))).toBe(false);
  });

  test('forgot-password rejects a malformed e-mail', async () => {
    const res = await post('forgot-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  test('the whole flow: code by mail, verify, reset, log in with the new password only', async () => {
    const { email, password } = await createMerchant(ctx);
    const code = await requestCode(email);
    const verify = await post('verify-reset-code', { email, code }, { lang: 'en' });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().message).toBe('Code verified successfully');
    const reset = await post(
      'reset-password',
      { email, code, newPassword: '  brand-new-pass ' },
      { lang: 'en' },
    );
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password updated successfully');
    expect((await login(email, password)).res.statusCode).toBe(401);
    expect((await login(email, 'brand-new-pass')).res.statusCode).toBe(200);
  });

  test('a reset ends every earlier session of that merchant', async () => {
    const { email, password } = await createMerchant(ctx);
    const tokens = [
      (await login(email, password)).body.data.token,
      (await login(email, password)).body.data.token,
    ];
    const code = await requestCode(email);
    await post('verify-reset-code', { email, code });
    expect(
      (await post('reset-password', { email, code, newPassword: 'another-pass-1' })).statusCode,
    ).toBe(200);
    for (const token of tokens) {
      const res = await storeInfo({ authorization: `Bearer ${token}` });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('SESSION_EXPIRED');
    }
  });

  test('a code works once', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    await post('verify-reset-code', { email, code });
    expect(
      (await post('reset-password', { email, code, newPassword: 'first-new-pass' })).statusCode,
    ).toBe(200);
    const again = await post('reset-password', { email, code, newPassword: 'second-new-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('RESET_CODE_INVALID');
    expect((await post('verify-reset-code', { email, code })).statusCode).toBe(400);
  });

  test('a code expires after 15 minutes', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    ctx.clock.advance(15 * 60_000 + 1000);
    try {
      const res = await post('verify-reset-code', { email, code }, { lang: 'en' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'RESET_CODE_INVALID',
        message: 'Invalid or expired verification code',
      });
    } finally {
      ctx.clock.advance(-(15 * 60_000 + 1000));
    }
  });

  test('a code still works just before 15 minutes', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    ctx.clock.advance(14 * 60_000);
    try {
      expect((await post('verify-reset-code', { email, code })).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-14 * 60_000);
    }
  });

  test('after 5 wrong tries the code is dead, even the right one', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post('verify-reset-code', { email, code: wrong })).statusCode).toBe(400);
    expect((await post('verify-reset-code', { email, code })).statusCode).toBe(400);
    expect(
      (await post('reset-password', { email, code, newPassword: 'whatever-123' })).statusCode,
    ).toBe(400);
  });

  test('4 wrong tries still leave the right code usable', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await post('verify-reset-code', { email, code: wrong });
    expect((await post('verify-reset-code', { email, code })).statusCode).toBe(200);
  });

  test('concurrent wrong guesses cannot exceed 5 tries', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    const guesses = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((guess) => post('verify-reset-code', { email, code: guess })));
    expect((await post('verify-reset-code', { email, code })).statusCode).toBe(400);
  });

  test('a new code replaces the previous one', async () => {
    const { email } = await createMerchant(ctx);
    const first = await requestCode(email);
    const second = await requestCode(email);
    if (first !== second)
      expect((await post('verify-reset-code', { email, code: first })).statusCode).toBe(400);
    expect((await post('verify-reset-code', { email, code: second })).statusCode).toBe(200);
  });

  test('reset needs a verified code', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    const res = await post('reset-password', { email, code, newPassword: 'unverified-pass' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('RESET_CODE_NOT_VERIFIED');
  });

  test('reset needs a new password of at least 8 characters', async () => {
    const { email } = await createMerchant(ctx);
    const code = await requestCode(email);
    await post('verify-reset-code', { email, code });
    const short = await post('reset-password', { email, code, newPassword: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('VALIDATION_FAILED');
    const padded = await post('reset-password', { email, code, newPassword: '   1234567   ' });
    expect(padded.statusCode).toBe(400);
    expect(
      (await post('reset-password', { email, code, newPassword: '12345678' })).statusCode,
    ).toBe(200);
  });

  test('verify and reset reject malformed codes and unknown e-mails alike', async () => {
    for (const code of ['12345', '1234567', 'abcdef', '12 456']) {
      expect((await post('verify-reset-code', { email: uniqueEmail(), code })).statusCode).toBe(
        400,
      );
    }
    const unknown = await post('verify-reset-code', { email: uniqueEmail(), code: '123456' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('RESET_CODE_INVALID');
  });

  test('the code is not stored in clear', async () => {
    const { email, merchant } = await createMerchant(ctx);
    const code = await requestCode(email);
    const { passwordResetCodes } = await import('../../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    const rows = await ctx.database.db
      .select()
      .from(passwordResetCodes)
      .where(eq(passwordResetCodes.merchantId, merchant.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
