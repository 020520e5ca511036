import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import {
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueEmail, uniqueIp } from '../../test/test-app.ts';
import { startUnifonicDouble, type UnifonicDouble } from '../../test/unifonic-double.ts';

/**
 * Sign-in codes by SMS (issue 23, docs/decisions/032): a shopper whose Salla account has a mobile
 * gets the code by text through Unifonic (here its local double), under the same rules as the
 * e-mail code.
 */
let ctx: EngineContext;
let noSms: EngineContext;
let unifonic: UnifonicDouble;

beforeAll(async () => {
  unifonic = await startUnifonicDouble('signin-sid');
  ctx = await createEngineContext({
    env: {
      UNIFONIC_APP_SID: 'signin-sid',
      UNIFONIC_SENDER_ID: 'Nuqat',
      UNIFONIC_API_BASE: unifonic.url,
    },
  });
  noSms = await createEngineContext();
}, 90_000);
afterAll(async () => {
  await ctx?.close();
  await noSms?.close();
  await unifonic?.close();
});

async function store(c: EngineContext = ctx): Promise<number> {
  const merchantId = await setupStore(c, { plan: 'growth' });
  const tokens = c.sandbox.registerStore({
    merchantId,
    domain: `https://store-${merchantId}.example.sa`,
  });
  await deliverOk(c, webhooks.storeAuthorize(merchantId, tokens));
  return merchantId;
}

/** A Salla customer with this mobile (9 digits after +966) and, unless null, an e-mail. */
async function customer(
  merchantId: number,
  mobile: number,
  email: string | null = null,
  c: EngineContext = ctx,
) {
  const facts = customerFacts({ mobile, email });
  await deliverOk(c, webhooks.customerCreated(merchantId, facts));
  return facts;
}

const uniqueMobile = () => 500_000_000 + (randomId() % 99_999_999);

function requestCode(body: Record<string, unknown>, c: EngineContext = ctx, ip = uniqueIp()) {
  return c.server.inject({
    method: 'POST',
    url: '/api/customers/auth/request-code',
    payload: body,
    remoteAddress: ip,
  });
}
function verifyCode(body: Record<string, unknown>, c: EngineContext = ctx) {
  return c.server.inject({
    method: 'POST',
    url: '/api/customers/auth/verify-code',
    payload: body,
    remoteAddress: uniqueIp(),
  });
}
const textsTo = (mobile: number) => unifonic.messages.filter((m) => m.recipient === `966${mobile}`);
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;

describe('sign-in by SMS', () => {
  test('a mobile-only shopper gets the code by text and signs in, whatever form the number is typed in', async () => {
    const merchantId = await store();
    const forms: ((digits: string) => string)[] = [
      (d) => `+966 ${d.slice(0, 2)} ${d.slice(2, 5)} ${d.slice(5)}`,
      (d) => `0${d}`,
      (d) => `966${d}`,
      (d) => d,
      (d) => `0${d}`.replace(/\d/g, (x) => String.fromCharCode(0x0660 + Number(x))),
    ];
    for (const form of forms) {
      // A shopper per form: each number may ask 3 codes per 15 minutes.
      const mobile = uniqueMobile();
      const facts = await customer(merchantId, mobile);
      const typed = form(String(mobile));
      const res = await requestCode({ merchantId: String(merchantId), mobile: typed, lang: 'ar' });
      expect(res.statusCode, `${typed}: ${res.body}`).toBe(200);
      expect(res.json().message).toBe(
        'إذا كان الجوال مسجلًا في هذا المتجر فستصلك رسالة نصية برمز الدخول',
      );
      expect(textsTo(mobile), typed).toHaveLength(1);
      const text = textsTo(mobile)[0]!;
      expect(text.body).toMatch(/^\d{6} رمز الدخول إلى نقاطك في /);
      // Verified with another spelling of the same number.
      const signedIn = await verifyCode({
        merchantId: String(merchantId),
        mobile: `+966${mobile}`,
        code: codeIn(text.body),
        requestId: res.json().requestId,
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      expect(signedIn.json().data.customerId).toBe(String(facts.id));
    }
  });

  test('an unknown number gets the same answer, and no text is sent', async () => {
    const merchantId = await store();
    const before = unifonic.messages.length;
    const res = await requestCode({ merchantId: String(merchantId), mobile: '0599999991' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['message', 'requestId', 'success']);
    expect(unifonic.messages.length).toBe(before);
  });

  test('the code is for the number and the store it was sent for, lives 5 tries and is used once', async () => {
    const merchantId = await store();
    const otherStore = await store();
    const mobile = uniqueMobile();
    await customer(merchantId, mobile);
    await customer(otherStore, mobile);
    const res = await requestCode({ merchantId: String(merchantId), mobile: `0${mobile}` });
    const code = codeIn(textsTo(mobile).at(-1)!.body);
    const requestId = res.json().requestId as string;
    // Another store's shopper with the same number cannot use it.
    expect(
      (await verifyCode({ merchantId: String(otherStore), mobile: `0${mobile}`, code })).statusCode,
    ).toBe(400);
    // Nor can the e-mail route, nor another number.
    expect(
      (await verifyCode({ merchantId: String(merchantId), mobile: '0599999992', code, requestId }))
        .statusCode,
    ).toBe(400);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i += 1) {
      const r = await verifyCode({
        merchantId: String(merchantId),
        mobile: `0${mobile}`,
        code: wrong,
        requestId,
      });
      expect(r.json().code).toBe('SHOPPER_CODE_INVALID');
    }
    // Five wrong tries burn the code: even the right one is refused now.
    expect(
      (await verifyCode({ merchantId: String(merchantId), mobile: `0${mobile}`, code, requestId }))
        .statusCode,
    ).toBe(400);
    // A new code works, once.
    const again = await requestCode({ merchantId: String(merchantId), mobile: `0${mobile}` });
    const fresh = codeIn(textsTo(mobile).at(-1)!.body);
    const body = {
      merchantId: String(merchantId),
      mobile: `+966${mobile}`,
      code: fresh,
      requestId: again.json().requestId,
    };
    expect((await verifyCode(body)).statusCode).toBe(200);
    expect((await verifyCode(body)).statusCode).toBe(400);
  });

  test('the same request limits per number as per e-mail: 3 codes per 15 minutes', async () => {
    const merchantId = await store();
    const mobile = uniqueMobile();
    await customer(merchantId, mobile);
    const forms = [`0${mobile}`, `+966${mobile}`, `${mobile}`, `966${mobile}`];
    const answers = [];
    for (const typed of forms)
      answers.push(
        (await requestCode({ merchantId: String(merchantId), mobile: typed })).statusCode,
      );
    expect(answers).toEqual([200, 200, 200, 429]);
    expect(textsTo(mobile)).toHaveLength(3);
  });

  test('Unifonic refusing or failing is said, never a silent success; the shopper can try again', async () => {
    const merchantId = await store();
    const mobile = uniqueMobile();
    await customer(merchantId, mobile, uniqueEmail('both'));
    unifonic.failNext('refuse');
    const refused = await requestCode({ merchantId: String(merchantId), mobile: `0${mobile}` });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'SMS_SEND_FAILED',
      message: 'تعذّر إرسال الرسالة النصية الآن، حاول مرة أخرى بعد قليل أو استخدم البريد الإلكتروني',
    });
    // While Unifonic is failing an unknown number hears the same (nothing tells them apart).
    const unknown = await requestCode({ merchantId: String(merchantId), mobile: '0599999993' });
    expect(unknown.statusCode).toBe(502);
    expect(unknown.json().code).toBe('SMS_SEND_FAILED');
    unifonic.failNext(503);
    expect(
      (await requestCode({ merchantId: String(merchantId), mobile: `0${mobile}` })).json().code,
    ).toBe('SMS_SEND_FAILED');
    const retried = await requestCode({ merchantId: String(merchantId), mobile: `0${mobile}` });
    expect(retried.statusCode).toBe(200);
    expect(textsTo(mobile)).toHaveLength(1);
  });

  test('what is not a mobile number, or both or neither of e-mail and mobile, is a 400 field error', async () => {
    const merchantId = String(await store());
    for (const body of [
      { merchantId, mobile: '12345' },
      { merchantId, mobile: '0401234567' },
      { merchantId, mobile: 'abc' },
      { merchantId, mobile: '0501234567', email: 'a@example.com' },
      { merchantId },
    ]) {
      const res = await requestCode(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const verify = await verifyCode({ merchantId, mobile: '123', code: '123456' });
    expect(verify.statusCode).toBe(400);
  });

  test('the page is told which ways exist, mobile first where most customers have no e-mail', async () => {
    const emailStore = await store();
    await customer(emailStore, uniqueMobile(), uniqueEmail('a'));
    const options = await ctx.server.inject({
      method: 'GET',
      url: `/api/customers/auth/options?merchantId=${emailStore}`,
    });
    expect(options.json().data).toEqual({ channels: ['email', 'sms'], preferred: 'email' });
    const mobileStore = await store();
    await customer(mobileStore, uniqueMobile());
    await customer(mobileStore, uniqueMobile());
    await customer(mobileStore, uniqueMobile(), uniqueEmail('b'));
    const mobileFirst = await ctx.server.inject({
      method: 'GET',
      url: `/api/customers/auth/options?merchantId=${mobileStore}`,
    });
    expect(mobileFirst.json().data).toEqual({ channels: ['email', 'sms'], preferred: 'sms' });
    const bad = await ctx.server.inject({
      method: 'GET',
      url: '/api/customers/auth/options?merchantId=abc',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('without Unifonic', () => {
  test('the page offers e-mail only, and a code by SMS is refused with SMS_UNAVAILABLE', async () => {
    const merchantId = await store(noSms);
    await customer(merchantId, uniqueMobile(), null, noSms);
    const options = await noSms.server.inject({
      method: 'GET',
      url: `/api/customers/auth/options?merchantId=${merchantId}`,
    });
    expect(options.json().data).toEqual({ channels: ['email'], preferred: 'email' });
    const res = await requestCode({ merchantId: String(merchantId), mobile: '0501234567' }, noSms);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SMS_UNAVAILABLE');
  });
});
