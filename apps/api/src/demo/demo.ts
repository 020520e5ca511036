import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  demoCatalogue,
  demoStoreHistory,
  sendWebhook,
  startSallaSandbox,
  webhooks,
  type SallaSandbox,
} from '@nuqat/salla-sandbox';
import { DEMO_MERCHANT_ID } from '@nuqat/contracts';
import type { App } from '../app.ts';
import type { Config } from '../env.ts';
import { AppError } from '../lib/app-error.ts';
import { EMBEDDED_PAGE_ROUTE } from '../lib/salla-dashboard.ts';

export const DEMO_MERCHANT = {
  merchantId: DEMO_MERCHANT_ID,
  storeName: 'متجر نقاط التجريبي',
  email: 'demo@nuqat.sa',
  password: 'nuqat-demo-2026',
  storeUrl: 'https://demo.salla.sa/nuqat',
} as const;

const DEMO_RULES = [
  { event: 'order.created', points: 50, minOrderTotal: 50 },
  { event: 'repeat_purchase', points: 100, requiredPurchases: 3 },
  { event: 'signup', points: 30 },
  { event: 'birthday', points: 75 },
  { event: 'product_review', points: 20, minRating: 4 },
  { event: 'order_review', points: 10, minRating: 3 },
];

const DEMO_REWARDS = [
  {
    name: 'خصم 20 ريال',
    type: 'fixed_discount',
    pointsRequired: 200,
    value: 20,
    description: 'خصم ثابت على طلبك القادم',
    isActive: true,
    maxUsage: null,
    minOrderAmount: 100,
  },
  {
    name: 'خصم 10%',
    type: 'percentage_discount',
    pointsRequired: 350,
    value: 10,
    description: 'خصم بنسبة 10% على السلة',
    isActive: true,
    maxUsage: null,
    minOrderAmount: 0,
  },
  {
    name: 'شحن مجاني',
    type: 'free_shipping',
    pointsRequired: 150,
    value: 0,
    description: 'توصيل مجاني لطلبك القادم',
    isActive: true,
    maxUsage: 500,
    minOrderAmount: 0,
  },
];

/**
 * Demo mode runs the Salla sandbox in this process and points the Salla settings at it, so the
 * demo store is installed and filled through the same signed webhooks a real store sends.
 */
export async function prepareDemo(
  config: Config,
): Promise<{ config: Config; sandbox: SallaSandbox }> {
  const clientId = 'nuqat-demo';
  const clientSecret = randomBytes(16).toString('hex');
  const sandbox = await startSallaSandbox({ clientId, clientSecret, appId: 'nuqat-demo' });
  return {
    sandbox,
    config: {
      ...config,
      salla: {
        ...config.salla,
        apiBase: sandbox.apiBase,
        authBase: sandbox.authBase,
        storefrontApiBase: sandbox.storefrontApiBase,
        clientId,
        clientSecret,
        webhookSecret: config.salla.webhookSecret ?? randomBytes(24).toString('hex'),
        // Nuqat inside the sandbox's stand-in merchant dashboard (decision 031).
        appId: sandbox.appId,
        exchangeApiBase: sandbox.exchangeBase,
        dashboardOrigin: sandbox.dashboardOrigin,
      },
    },
  };
}

export interface DemoMerchant {
  merchantId: number;
  storeName: string;
  email: string;
  password: string;
  storeUrl: string;
}

/**
 * Creates `merchant` (the demo store, or a test's own) and fills it through the sandbox's signed
 * webhooks: installed, subscribed, its programme set through the API, and its history. A store
 * that already exists is only installed again. The server must be listening.
 */
export async function seedDemoStore(
  app: App,
  sandbox: SallaSandbox,
  merchant: DemoMerchant = DEMO_MERCHANT,
  now = new Date(),
): Promise<{ created: boolean; events: number }> {
  const { server, context } = app;
  const log = server.log;
  let created = true;
  try {
    await app.services.merchants.createMerchant({
      ...merchant,
      plan: 'growth',
      subscriptionStatus: 'active',
      subscriptionExpiresAt: new Date(now.getTime() + 30 * 86_400_000),
    });
  } catch (error) {
    if (!(
      error instanceof AppError &&
      (error.code === 'MERCHANT_EMAIL_TAKEN' || error.code === 'MERCHANT_ID_TAKEN')
    ))
      throw error;
    created = false;
  }

  const address = server.server.address() as AddressInfo;
  const local = `http://127.0.0.1:${address.port}`;
  const secret = context.config.salla.webhookSecret!;
  const send = async (envelope: Parameters<typeof sendWebhook>[1]) => {
    const res = await sendWebhook(`${local}/api/salla/webhooks`, envelope, secret);
    if (res.status !== 200)
      log.warn(
        { event: envelope.event, status: res.status, body: res.body },
        'demo webhook refused',
      );
  };

  // The demo's own requests (about 70 on a first start) would bury the banner: only their
  // warnings are logged, and one line says what was done.
  const level = log.level;
  log.level = 'warn';
  // Every start installs the store again in the fresh in-process sandbox (new tokens).
  const merchantId = merchant.merchantId;
  const tokens = sandbox.registerStore({
    merchantId,
    name: merchant.storeName,
    ownerEmail: merchant.email,
    // The sandbox's storefront is the demo store's address: the loyalty page may be framed there.
    domain: `${sandbox.url}/storefront/${merchantId}`,
  });
  await send(webhooks.storeAuthorize(merchantId, tokens));

  let events = 0;
  // The sandbox keeps the catalogue in memory: given on every start, not only the first.
  sandbox.setCatalogue(merchantId, demoCatalogue());
  if (created) {
    await send(
      webhooks.subscription(
        'app.subscription.started',
        merchantId,
        {
          name: 'Growth',
          price: 299,
          start: new Date(now.getTime() - 90 * 86_400_000),
          end: new Date(now.getTime() + 30 * 86_400_000),
        },
        new Date(now.getTime() - 90 * 86_400_000),
      ),
    );
    // The programme is set up through the product's own API, as a merchant would.
    const login = await app.services.auth.login({
      email: merchant.email,
      password: merchant.password,
      ip: '127.0.0.1',
    });
    const save = async (url: string, payload: object, what: string) => {
      const res = await server.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${login.token}` },
        payload,
      });
      if (res.statusCode >= 300)
        log.warn({ what, status: res.statusCode, body: res.body }, 'demo setting not saved');
    };
    for (const rule of DEMO_RULES) await save('/api/loyalty', rule, rule.event);
    for (const reward of DEMO_REWARDS) await save('/api/rewards', reward, reward.name);
    await app.services.auth.logout(await app.services.auth.authenticate(login.token));
    for (const event of demoStoreHistory(merchantId, now, (m, order) =>
      sandbox.setOrder(m, order),
    )) {
      await send(event);
      events += 1;
    }
  }
  log.level = level;
  if (created) log.info({ merchantId, events }, 'demo store filled through signed webhooks');
  return { created, events };
}

export async function runDemo(app: App, sandbox: SallaSandbox): Promise<void> {
  const { server, context } = app;
  await seedDemoStore(app, sandbox);
  const address = server.server.address() as AddressInfo;
  const url = context.config.publicUrl.replace(/:\d+$/, `:${address.port}`);
  sandbox.setNuqatUrl(url);
  process.stdout.write(
    [
      '',
      '  Nuqat نقاط is running',
      `  Open:      ${url}/login`,
      `  E-mail:    ${DEMO_MERCHANT.email}`,
      `  Password:  ${DEMO_MERCHANT.password}`,
      `  API docs:  ${url}/api/docs`,
      `  Salla:     sandbox at ${sandbox.url} (demo only)`,
      `  Store:     ${sandbox.url}/storefront/${DEMO_MERCHANT.merchantId} (the shopper page inside a demo store)`,
      `  In Salla:  ${sandbox.dashboardUrl(EMBEDDED_PAGE_ROUTE)} (Nuqat inside a stand-in Salla dashboard, no password)`,
      `  Mail:      ${context.config.smtpUrl ?? `${context.config.dataDir}/mail (.eml files)`}`,
      '',
      '',
    ].join('\n'),
  );
}
