import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ErrorBodySchema,
  readStoreWidget,
  WIDGET_APP_SETTING,
  WIDGET_DEFAULTS,
  WidgetStateResponseSchema,
  type WidgetSettings,
} from '@nuqat/contracts';
import { merchants } from '../../db/schema/index.ts';
import { sealForStore } from '../../lib/crypto.ts';
import { createEngineContext, type EngineContext } from '../../test/engine-support.ts';
import { createMerchant, uniqueIp } from '../../test/test-app.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** A logged-in store on this plan; `installed` gives it Salla tokens in the sandbox. */
async function store(plan: 'starter' | 'growth', installed = true) {
  const { merchant, email, password } = await createMerchant(ctx, {
    merchantId: randomInt(1, 2 ** 47),
    plan,
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  if (installed) {
    const tokens = ctx.sandbox.registerStore({ merchantId: merchant.id });
    const seal = (value: string) => sealForStore(ctx.config.keys.storeSecrets, merchant.id, value);
    await ctx.database.db
      .update(merchants)
      .set({
        sallaAccessToken: seal(tokens.access_token),
        sallaRefreshToken: seal(tokens.refresh_token),
        sallaTokenExpiresAt: new Date(tokens.expires * 1000),
        storeLogoUrl: 'https://cdn.example/logo.png',
      })
      .where(eq(merchants.id, merchant.id));
  }
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return { merchantId: merchant.id, authorization: `Bearer ${res.json().data.token}` };
}

const get = (authorization?: string) =>
  ctx.server.inject({
    method: 'GET',
    url: '/api/merchants/widget',
    headers: authorization ? { authorization } : {},
  });
const put = (authorization: string, payload: unknown) =>
  ctx.server.inject({
    method: 'PUT',
    url: '/api/merchants/widget',
    headers: { authorization },
    payload: payload as object,
  });

/** What the store page's Twilight hands the snippet: the app setting, read off the sandbox page. */
async function onStorePage(merchantId: number) {
  const html = await (await fetch(`${ctx.sandbox.url}/storefront/${merchantId}`)).text();
  const state = /app: (\{.*\}),\n/.exec(html)?.[1];
  const app = JSON.parse(state ?? '{}') as Record<string, unknown>;
  return app[WIDGET_APP_SETTING] === undefined ? null : readStoreWidget(app[WIDGET_APP_SETTING]);
}

const STARTER_LOOK: WidgetSettings = {
  ...WIDGET_DEFAULTS,
  label: { ar: 'مكافآتي', en: 'My rewards' },
  icon: 'star',
  position: 'start',
  accent: '#F5C518',
  nudge: { product: true, cart: false, placement: 'button' },
};

describe('GET/PUT /api/merchants/widget', () => {
  test('a new store has the defaults, nothing to publish yet', async () => {
    const s = await store('starter');
    const res = await get(s.authorization);
    expect(res.statusCode).toBe(200);
    const body = WidgetStateResponseSchema.parse(res.json());
    expect(body.data).toMatchObject({
      settings: WIDGET_DEFAULTS,
      plan: 'starter',
      logo: 'https://cdn.example/logo.png',
      published: true,
    });
    expect(await onStorePage(s.merchantId)).toBeNull();
  });

  test('Starter saves label, icon, position, colour and badges; they reach the store page at once', async () => {
    const s = await store('starter');
    const res = await put(s.authorization, STARTER_LOOK);
    expect(res.statusCode, res.body).toBe(200);
    const saved = WidgetStateResponseSchema.parse(res.json()).data;
    expect(saved.published).toBe(true);
    // Colours are kept lower-case, as the snippet compares them.
    expect(saved.settings).toEqual({ ...STARTER_LOOK, accent: '#f5c518' });
    expect(
      WidgetStateResponseSchema.parse((await get(s.authorization)).json()).data.settings,
    ).toEqual(saved.settings);
    // On the store page: the settings, and dark text on the light yellow launcher.
    expect(await onStorePage(s.merchantId)).toEqual({
      ...saved.settings,
      showLogo: undefined,
      ink: '#111827',
    });
  });

  test('Starter cannot set the Growth fields: 403 PLAN_FEATURE_REQUIRED naming each, nothing saved', async () => {
    const s = await store('starter');
    const res = await put(s.authorization, {
      ...STARTER_LOOK,
      radius: 4,
      panel: 'dark',
      showBalance: false,
      showLogo: true,
    });
    expect(res.statusCode).toBe(403);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.code).toBe('PLAN_FEATURE_REQUIRED');
    expect(body.issues?.map((i) => i.path).sort()).toEqual([
      'body.panel',
      'body.radius',
      'body.showBalance',
      'body.showLogo',
    ]);
    expect(
      WidgetStateResponseSchema.parse((await get(s.authorization)).json()).data.settings,
    ).toEqual(WIDGET_DEFAULTS);
    expect(await onStorePage(s.merchantId)).toBeNull();
  });

  test('Growth sets everything', async () => {
    const s = await store('growth');
    const look: WidgetSettings = {
      ...STARTER_LOOK,
      accent: '#123456',
      showBalance: false,
      radius: 4,
      panel: 'dark',
      showLogo: true,
    };
    const res = await put(s.authorization, look);
    expect(res.statusCode, res.body).toBe(200);
    expect(WidgetStateResponseSchema.parse(res.json()).data.settings).toEqual(look);
    expect(await onStorePage(s.merchantId)).toMatchObject({
      radius: 4,
      panel: 'dark',
      showBalance: false,
      ink: '#fff',
    });
  });

  test.each([
    ['a colour that is not #RRGGBB', { accent: 'red' }, 'body.accent'],
    ['a label over 24 characters', { label: { ar: 'ن'.repeat(25), en: '' } }, 'body.label.ar'],
    ['an unknown icon', { icon: 'rocket' }, 'body.icon'],
    ['a radius over 28', { radius: 40 }, 'body.radius'],
    ['an unknown field', { extra: true }, 'body'],
  ])('400 VALIDATION_FAILED for %s', async (_name, patch, path) => {
    const s = await store('growth');
    const res = await put(s.authorization, { ...WIDGET_DEFAULTS, ...patch });
    expect(res.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(res.json());
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(
      body.issues?.some((i) => i.path === path),
      JSON.stringify(body),
    ).toBe(true);
    // The message in Arabic by default, in English when asked.
    const en = await ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/widget',
      headers: { authorization: s.authorization, 'accept-language': 'en' },
      payload: { ...WIDGET_DEFAULTS, ...patch },
    });
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect(ErrorBodySchema.parse(en.json()).message).toMatch(/^[\x20-\x7E]+$/);
  });

  test('without a session: 401', async () => {
    expect((await get()).statusCode).toBe(401);
    const res = await ctx.server.inject({
      method: 'PUT',
      url: '/api/merchants/widget',
      payload: WIDGET_DEFAULTS,
    });
    expect(res.statusCode).toBe(401);
  });

  test('each store sees and changes only its own widget', async () => {
    const a = await store('growth');
    const b = await store('growth');
    expect((await put(a.authorization, STARTER_LOOK)).statusCode).toBe(200);
    expect(
      WidgetStateResponseSchema.parse((await get(b.authorization)).json()).data.settings,
    ).toEqual(WIDGET_DEFAULTS);
    expect((await put(b.authorization, { ...WIDGET_DEFAULTS, icon: 'crown' })).statusCode).toBe(
      200,
    );
    expect(await onStorePage(a.merchantId)).toMatchObject({ icon: 'star', position: 'start' });
    expect(await onStorePage(b.merchantId)).toMatchObject({ icon: 'crown', position: 'end' });
  });

  test('a store Salla cannot be reached for is saved and says it is not live yet', async () => {
    const s = await store('starter', false);
    const res = await put(s.authorization, STARTER_LOOK);
    expect(res.statusCode).toBe(200);
    expect(WidgetStateResponseSchema.parse(res.json()).data.published).toBe(false);
    const again = WidgetStateResponseSchema.parse((await get(s.authorization)).json()).data;
    expect(again).toMatchObject({ published: false, settings: { icon: 'star' } });
  });
});

describe('readStoreWidget (what the snippet reads)', () => {
  test('its defaults are WIDGET_DEFAULTS, and anything malformed falls back to them', () => {
    const { showLogo: _logo, ...defaults } = WIDGET_DEFAULTS;
    expect(readStoreWidget(undefined)).toEqual({ ...defaults, ink: '#fff' });
    expect(readStoreWidget('not json')).toEqual({ ...defaults, ink: '#fff' });
    expect(
      readStoreWidget(
        JSON.stringify({
          accent: 'red;background:url(x)',
          radius: '8px}',
          icon: 'constructor',
          position: 'left',
          panel: 'auto',
          ink: 'red',
          label: { ar: '<img src=x onerror=alert(1)>', en: 7 },
        }),
      ),
    ).toEqual({ ...defaults, label: { ar: 'img src=x onerror=alert(1)', en: '' }, ink: '#fff' });
  });
});
