import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CONTACT_RATE_LIMITS } from './index.ts';
import {
  createMerchant,
  createTestContext,
  uniqueEmail,
  uniqueIp,
  type TestContext,
} from '../../test/test-app.ts';

const SUPPORT = 'support-desk@nuqat.example';
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ SUPPORT_EMAIL: SUPPORT });
});

afterAll(async () => {
  await ctx?.close();
});

function send(
  payload: Record<string, unknown>,
  opts: { ip?: string; lang?: string; server?: TestContext['server'] } = {},
) {
  return (opts.server ?? ctx.server).inject({
    method: 'POST',
    url: '/api/contact',
    payload,
    remoteAddress: opts.ip ?? uniqueIp(),
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
}

const message = (email: string) => ({
  name: 'سارة العتيبي',
  email,
  message: 'أرغب في معرفة المزيد عن باقة النمو <b>قبل</b> التثبيت.',
  language: 'ar',
});

describe('POST /api/contact', () => {
  test('mails the message to the configured support address, with the sender as Reply-To', async () => {
    const email = uniqueEmail();
    const after = ctx.smtp.messages.length;
    const res = await send(message(email));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { sent: true } });
    const mail = await ctx.smtp.waitForMail(SUPPORT, { after });
    expect(mail.subject).toBe('Nuqat contact form: سارة العتيبي');
    expect(mail.headers['reply-to']).toContain(email);
    expect(mail.text).toContain('أرغب في معرفة المزيد عن باقة النمو <b>قبل</b> التثبيت.');
    // The message is text in the HTML part, never markup.
    expect(mail.html).toContain('&lt;b&gt;قبل&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>قبل</b>');
  });

  test('refuses a bad e-mail, a short message or an unknown field, in both languages', async () => {
    const bad = await send({ ...message('not-an-email'), message: 'hi' }, { lang: 'en' });
    expect(bad.statusCode).toBe(400);
    const body = bad.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(
      [...new Set((body.issues as { path: string }[]).map((issue) => issue.path))].sort(),
    ).toEqual(['body.email', 'body.message']);
    const arabic = await send({ ...message(uniqueEmail()), name: '' }, { lang: 'ar' });
    expect(arabic.statusCode).toBe(400);
    expect(arabic.json().message).toMatch(/[\u0600-\u06FF]/);
    const extra = await send({ ...message(uniqueEmail()), admin: true });
    expect(extra.statusCode).toBe(400);
  });

  test('limits messages per sender and per address, with the wait in the answer', async () => {
    const email = uniqueEmail();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perEmail.limit; i += 1) {
      expect((await send(message(email))).statusCode).toBe(200);
    }
    const refused = await send(message(email), { lang: 'en' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The same sender's address spelled differently counts as the same sender.
    const [local, domain] = email.split('@');
    expect((await send(message(`${local!.toUpperCase()}@${domain}`))).statusCode).toBe(429);

    const ip = uniqueIp();
    for (let i = 0; i < CONTACT_RATE_LIMITS.perIp.limit; i += 1) {
      expect((await send(message(uniqueEmail()), { ip })).statusCode).toBe(200);
    }
    expect((await send(message(uniqueEmail()), { ip })).statusCode).toBe(429);
  });

  test('a mail server in trouble is a clear 503, not a 500', async () => {
    ctx.smtp.fail(1);
    const res = await send(message(uniqueEmail()), { lang: 'en' });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('CONTACT_SEND_FAILED');
  });

  test('without SUPPORT_EMAIL the endpoint answers 503 CONTACT_NOT_CONFIGURED and mails nothing', async () => {
    const bare = await createTestContext();
    try {
      const res = await send(message(uniqueEmail()), { server: bare.server, lang: 'en' });
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('CONTACT_NOT_CONFIGURED');
      expect(res.json().message).toBe('The contact form is not available on this installation.');
      expect(bare.smtp.messages).toHaveLength(0);
    } finally {
      await bare.close();
    }
  });
});

test('every e-mail ends with the privacy policy, in both languages', async () => {
  const privacy = `${ctx.app.context.config.publicUrl}/privacy`;
  const { email } = await createMerchant(ctx);
  const after = ctx.smtp.messages.length;
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/forgot-password',
    payload: { email },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode).toBe(200);
  const reset = await ctx.smtp.waitForMail(email, { after });
  expect(reset.text.trimEnd().endsWith(`سياسة الخصوصية | Privacy policy: ${privacy}`)).toBe(true);
  const links = [...reset.html.matchAll(/<a href="([^"]+)" lang="(ar|en)"[^>]*>([^<]+)<\/a>/g)]
    .filter((m) => m[1] === privacy)
    .map((m) => [m[2], m[3]]);
  expect(links).toEqual([
    ['ar', 'سياسة الخصوصية'],
    ['en', 'Privacy policy'],
  ]);
});
