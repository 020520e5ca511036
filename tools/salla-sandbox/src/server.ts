import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dashboardPage, type DashboardFirstToken } from './dashboard-page.ts';
import { storefrontPage, storefrontShopper, storefrontShopperByEmail } from './storefront-page.ts';

/**
 * A local stand-in for the Salla endpoints Nuqat calls (shared/reference/salla.md): OAuth token
 * refresh and user info, store info, coupons, the storefront customer check, and the exchange
 * authority's token introspection with a stand-in merchant dashboard that frames the embedded
 * page. It follows the documented envelopes and can be told to fail (500, 429 with Retry-After,
 * slow answers, a refused refresh token or client). Development and tests only.
 */

export interface SandboxStore {
  merchantId: number;
  name: string;
  domain: string;
  ownerEmail: string;
  ownerName: string;
  plan: 'basic' | 'plus' | 'pro' | 'special';
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  expires: number;
  scope: string;
  token_type: 'bearer';
}

/**
 * `invalid_grant` and `invalid_client` answer the token endpoint as Salla's OAuth server does
 * (the bare RFC 6749 shape, reference §1.3); the others hit any path.
 */
export type FaultMode = '500' | '429' | 'slow' | 'invalid_grant' | 'invalid_client';

/**
 * Which expiry field the refresh answer carries (reference §1.3, §8.2): `expires` (an absolute
 * Unix time, agent-kit's example) or `expires_in` (seconds, what passport-strategy reads).
 */
export type RefreshExpiryField = 'expires' | 'expires_in';
export interface Fault {
  mode: FaultMode;
  /** Only requests whose path starts with this (default: any). */
  path?: string;
  /** Only requests with this method, e.g. `DELETE` (default: any). */
  method?: string;
  /** How many requests it hits (default 1). */
  count?: number;
  retryAfter?: number;
  delayMs?: number;
}

export interface SandboxCoupon {
  id: number;
  merchantId: number;
  code: string;
  body: Record<string, unknown>;
  status: 'active' | 'deleted';
  /** Orders that used it (Salla's `statistics.num_of_usage`). */
  usage: number;
}

/** A token the merchant dashboard appends to the embedded page's address (reference §5). */
export interface EmbeddedTokenRequest {
  merchantId: number;
  /** The dashboard user it is issued to (default: the store owner's user id). */
  userId?: number;
  /** Negative for a token already expired (default 15 minutes). */
  expiresInSeconds?: number;
  /** The app it is issued for (default: the sandbox's own app id). */
  appId?: string;
}

export interface SallaSandbox {
  url: string;
  apiBase: string;
  authBase: string;
  storefrontApiBase: string;
  /** SALLA_EXCHANGE_API_BASE: `POST {exchangeBase}/exchange-authority/v1/introspect`. */
  exchangeBase: string;
  /** The app id (S-Source) the sandbox issues dashboard tokens for. */
  appId: string;
  /**
   * SALLA_DASHBOARD_ORIGIN: the stand-in dashboard's origin, on `localhost` (the embedded SDK
   * listens to messages only from localhost and Salla's own hosts).
   */
  dashboardOrigin: string;
  /** The stand-in dashboard page of the app's embedded page, as Salla addresses it. */
  dashboardUrl(route?: string): string;
  issueEmbeddedToken(request: EmbeddedTokenRequest): string;
  registerStore(
    store: Partial<SandboxStore> & { merchantId: number },
    options?: { expiresInSeconds?: number },
  ): IssuedTokens;
  /** A shopper session token for the storefront check. */
  loginCustomer(
    merchantId: number,
    customer: { id: number; name?: string; email?: string },
  ): string;
  /** Where the storefront page (GET /storefront/:merchantId) loads the Nuqat widget from. */
  setNuqatUrl(url: string): void;
  /**
   * The order as `GET /admin/v2/orders/{id}` returns it from now on (the documented order model,
   * e.g. `orderModel(...)` from payloads.ts with the amounts after a partial refund).
   */
  setOrder(merchantId: number, order: { id: number } & Record<string, unknown>): void;
  /** The expiry field of refresh answers from now on (default `expires_in`). */
  setRefreshExpiryField(field: RefreshExpiryField): void;
  /** A shopper used the coupon with this code at checkout (its usage count goes up). */
  useCoupon(merchantId: number, code: string): void;
  fail(fault: Fault): void;
  clearFaults(): void;
  readonly coupons: SandboxCoupon[];
  readonly stats: {
    refreshCalls: number;
    userInfoCalls: number;
    /** Create Coupon calls. */
    couponCalls: number;
    /** Delete Coupon calls that deleted one. */
    couponDeletes: number;
    introspectCalls: number;
  };
  close(): Promise<void>;
}

const SCOPE = 'offline_access orders.read customers.read marketing.read_write webhooks.read_write';

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(JSON.stringify(body));
}

const sallaError = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
) => ({
  status,
  success: false,
  error: { code, message, ...(fields ? { fields } : {}) },
});

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`;

const ownerUserId = (merchantId: number) => 1_000_000 + (merchantId % 1_000_000);

/** The documented refusal of the exchange authority (reference §5). */
const decryptionFailed = { error: { message: 'Decryption failed', code: 0 } };

export async function startSallaSandbox(
  options: {
    port?: number;
    clientId?: string;
    clientSecret?: string;
    nuqatUrl?: string;
    appId?: string;
  } = {},
): Promise<SallaSandbox> {
  const appId = options.appId ?? 'sandbox-app';
  const stores = new Map<number, SandboxStore>();
  const accessTokens = new Map<string, { merchantId: number; expiresAt: number }>();
  const refreshTokens = new Map<string, { merchantId: number; used: boolean }>();
  const customerTokens = new Map<
    string,
    { merchantId: number; id: number; name: string; email: string }
  >();
  const coupons: SandboxCoupon[] = [];
  const orders = new Map<string, Record<string, unknown>>();
  const faults: Fault[] = [];
  const stats = {
    refreshCalls: 0,
    userInfoCalls: 0,
    couponCalls: 0,
    couponDeletes: 0,
    introspectCalls: 0,
  };
  const embeddedTokens = new Map<
    string,
    { merchantId: number; userId: number; expiresAt: number; appId: string }
  >();

  function issueEmbeddedToken(request: EmbeddedTokenRequest): string {
    const value = token('sa_embedded');
    embeddedTokens.set(value, {
      merchantId: request.merchantId,
      userId: request.userId ?? ownerUserId(request.merchantId),
      expiresAt: Date.now() + (request.expiresInSeconds ?? 15 * 60) * 1000,
      appId: request.appId ?? appId,
    });
    return value;
  }
  let refreshExpiryField: RefreshExpiryField = 'expires_in';

  function issue(merchantId: number, expiresInSeconds = 14 * 86_400): IssuedTokens {
    const access = token('sa_access');
    const refresh = token('sa_refresh');
    const expires = Math.floor(Date.now() / 1000) + expiresInSeconds;
    accessTokens.set(access, { merchantId, expiresAt: expires * 1000 });
    refreshTokens.set(refresh, { merchantId, used: false });
    return {
      access_token: access,
      refresh_token: refresh,
      expires,
      scope: SCOPE,
      token_type: 'bearer',
    };
  }

  function revokeAll(merchantId: number) {
    for (const [k, v] of accessTokens) if (v.merchantId === merchantId) accessTokens.delete(k);
    for (const [k, v] of refreshTokens) if (v.merchantId === merchantId) refreshTokens.delete(k);
  }

  function takeFault(path: string, method: string): Fault | undefined {
    const index = faults.findIndex(
      (f) => (!f.path || path.startsWith(f.path)) && (!f.method || f.method === method),
    );
    if (index < 0) return undefined;
    const fault = faults[index]!;
    fault.count = (fault.count ?? 1) - 1;
    if (fault.count <= 0) faults.splice(index, 1);
    return fault;
  }

  function bearer(req: IncomingMessage): { merchantId: number } | null {
    const header = req.headers.authorization ?? '';
    const value = header.replace(/^Bearer\s+/i, '');
    const found = accessTokens.get(value);
    return found && found.expiresAt > Date.now() ? { merchantId: found.merchantId } : null;
  }

  const rateHeaders = {
    'x-ratelimit-limit': '120',
    'x-ratelimit-remaining': '119',
    'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 60),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = req.method ?? 'GET';

    if (path === '/__sandbox/faults' && method === 'POST') {
      faults.push(JSON.parse((await readBody(req)) || '{}') as Fault);
      return json(res, 200, { ok: true });
    }
    if (path === '/__sandbox/state')
      return json(res, 200, { coupons, stats, stores: [...stores.values()] });
    if (path === '/__sandbox/customer-login' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        merchantId: number;
        id?: number;
        name?: string;
        email?: string;
      };
      // The store's login modal knows the e-mail only: the demo customer with it, or a new one.
      if (!body.id) {
        const shopper = storefrontShopperByEmail(String(body.email ?? ''));
        return json(res, 200, {
          token: loginCustomer(body.merchantId, {
            id: shopper.id,
            name: shopper.firstName,
            email: shopper.email,
          }),
          user: shopper,
        });
      }
      return json(res, 200, { token: loginCustomer(body.merchantId, { ...body, id: body.id }) });
    }
    // The storefront cart's coupon check (what Twilight's salla.cart.addCoupon asks Salla): the
    // coupon must be the store's and active, the cart must reach its minimum; `refusal` (the
    // page's ?couponRefusal=) refuses whatever the coupon, with that reason.
    if (path === '/__sandbox/cart/coupon' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        merchantId: number;
        code: string;
        total: number;
        lang?: 'ar' | 'en';
        refusal?: string | null;
      };
      const en = body.lang === 'en';
      const refuse = (message: string) =>
        json(res, 422, sallaError(422, 'coupon_not_applicable', message));
      if (body.refusal) return refuse(body.refusal);
      const coupon = coupons.find(
        (c) =>
          c.merchantId === body.merchantId &&
          c.code.toUpperCase() === String(body.code).toUpperCase() &&
          c.status === 'active',
      );
      if (!coupon) return refuse(en ? 'This coupon code is not valid.' : 'كود الكوبون غير صحيح');
      const minimum = Number(coupon.body.minimum_amount ?? 0);
      if (minimum > 0 && body.total < minimum)
        return refuse(
          en
            ? `This coupon needs a minimum order of ${minimum} SAR.`
            : `لا يمكن استخدام هذا الكوبون، الحد الأدنى لقيمة الطلب ${minimum} ر.س`,
        );
      return json(res, 200, {
        status: 200,
        success: true,
        data: { cart: { id: body.merchantId, coupon: coupon.code, total: body.total } },
      });
    }
    const logo = /^\/__sandbox\/logo\/(\d+)\.svg$/.exec(path);
    if (logo && method === 'GET') {
      const name = stores.get(Number(logo[1]))?.name ?? 'S';
      res.writeHead(200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=3600',
      });
      res.end(
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#5d2e8c"/><circle cx="32" cy="32" r="17" fill="none" stroke="#fff" stroke-width="5"/><text x="32" y="39" font-size="20" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">${name.slice(0, 1).replace(/[<&"]/g, '')}</text></svg>`,
      );
      return;
    }
    // The store's pages: the home page, a product page (/product/<n>) and the cart page (/cart).
    const storefront = /^\/storefront\/(\d+)(?:\/(product)\/(\d+)|\/(cart))?\/?$/.exec(path);
    if (storefront && method === 'GET') {
      // ?lang=en for an English store; ?customer=<id>[&email=…&name=…&mobile=…] opens it signed
      // in (`email=` empty: a customer the store knows by mobile alone).
      const merchantId = Number(storefront[1]);
      const query = url.searchParams;
      const customerId = Number(query.get('customer'));
      const shopper =
        Number.isSafeInteger(customerId) && customerId > 0
          ? storefrontShopper(
              customerId,
              query.get('email'),
              query.get('name'),
              query.get('mobile'),
            )
          : null;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        storefrontPage({
          merchantId,
          storeName: stores.get(merchantId)?.name ?? `Store ${merchantId}`,
          nuqatUrl,
          lang: query.get('lang') === 'en' ? 'en' : 'ar',
          shopper,
          token: shopper
            ? loginCustomer(merchantId, {
                id: shopper.id,
                name: shopper.firstName,
                email: shopper.email,
              })
            : null,
          suggested: storefrontShopper(null),
          search: url.search,
          // ?loginModal=0: a theme without Salla's login modal; ?cart=0: a page without a cart
          // (or an old theme); ?couponRefusal=…: the cart refuses every coupon with that reason.
          loginModal: query.get('loginModal') !== '0',
          cart: query.get('cart') !== '0',
          couponRefusal: query.get('couponRefusal'),
          view: storefront[2]
            ? { kind: 'product', index: Number(storefront[3]) }
            : storefront[4]
              ? { kind: 'cart' }
              : { kind: 'home' },
          // ?theme=dark: a store whose theme is dark.
          theme: query.get('theme') === 'dark' ? 'dark' : 'light',
          // The app's public settings, as Twilight hands them to snippets (`app.<field>`).
          app: appSettings.get(merchantId) ?? {},
        }),
      );
      return;
    }
    if (path === '/__sandbox/orders' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        merchantId: number;
        order: { id: number } & Record<string, unknown>;
      };
      orders.set(`${body.merchantId}:${body.order.id}`, body.order);
      return json(res, 200, { ok: true });
    }
    if (path === '/__sandbox/coupons/use' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as {
        merchantId: number;
        code: string;
      };
      useCoupon(body.merchantId, body.code);
      return json(res, 200, { ok: true });
    }
    if (path === '/__sandbox/stores' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as Partial<SandboxStore> & {
        merchantId: number;
        expiresInSeconds?: number;
      };
      return json(res, 200, register(body, body.expiresInSeconds));
    }

    if (path === '/__sandbox/embedded-token' && method === 'POST') {
      const body = JSON.parse((await readBody(req)) || '{}') as EmbeddedTokenRequest;
      return json(res, 200, { token: issueEmbeddedToken(body) });
    }
    const dashboard = /^\/embedded\/app\/([\w-]{1,100})\/([\w-]{1,100})$/.exec(path);
    if (dashboard && method === 'GET') {
      // ?store=<id> (default: the first store registered), ?lang=en, ?theme=dark, and
      // ?first=expired|invalid|other-app for the token the page opens with (tests).
      const query = url.searchParams;
      const merchantId = Number(query.get('store')) || (stores.keys().next().value ?? 0);
      const first = query.get('first');
      const flavour: DashboardFirstToken =
        first === 'expired' || first === 'invalid' || first === 'other-app' ? first : 'valid';
      const pageAppId = dashboard[1]!;
      const firstToken =
        flavour === 'invalid'
          ? token('sa_embedded')
          : issueEmbeddedToken({
              merchantId,
              appId: flavour === 'other-app' ? `${pageAppId}-other` : pageAppId,
              ...(flavour === 'expired' ? { expiresInSeconds: -60 } : {}),
            });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(
        dashboardPage({
          appId: pageAppId,
          merchantId,
          storeName: stores.get(merchantId)?.name ?? `Store ${merchantId}`,
          iframeUrl: `${nuqatUrl}/embedded`,
          token: firstToken,
          lang: query.get('lang') === 'en' ? 'en' : 'ar',
          theme: query.get('theme') === 'dark' ? 'dark' : 'light',
          search: url.search,
        }),
      );
      return;
    }

    const fault = takeFault(path, method);
    if (fault?.mode === 'slow') await new Promise((r) => setTimeout(r, fault.delayMs ?? 15_000));
    if (fault?.mode === '500')
      return json(res, 500, sallaError(500, 'error', 'Internal Server Error'));
    if (fault?.mode === '429') {
      return json(res, 429, sallaError(429, 'too_many_requests', 'Too Many Attempts.'), {
        'retry-after': String(fault.retryAfter ?? 1),
        ...rateHeaders,
        'x-ratelimit-remaining': '0',
      });
    }

    if (path === '/exchange-authority/v1/introspect' && method === 'POST') {
      stats.introspectCalls += 1;
      let presented: unknown;
      try {
        presented = (JSON.parse(await readBody(req)) as { token?: unknown }).token;
      } catch {
        presented = undefined;
      }
      const issued = typeof presented === 'string' ? embeddedTokens.get(presented) : undefined;
      // A token issued for another app (or none at all) cannot be decrypted with this app's key.
      if (!issued || req.headers['s-source'] !== issued.appId)
        return json(res, 401, decryptionFailed);
      return json(res, 200, {
        status: 200,
        success: true,
        data: {
          merchant_id: issued.merchantId,
          user_id: issued.userId,
          exp: new Date(issued.expiresAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        },
      });
    }

    if (path === '/oauth2/token' && method === 'POST') {
      stats.refreshCalls += 1;
      const form = new URLSearchParams(await readBody(req));
      if (
        fault?.mode === 'invalid_client' ||
        (options.clientId &&
          (form.get('client_id') !== options.clientId ||
            form.get('client_secret') !== options.clientSecret))
      ) {
        return json(res, 401, {
          error: 'invalid_client',
          error_description: 'Client authentication failed.',
        });
      }
      if (form.get('grant_type') !== 'refresh_token') {
        return json(res, 400, {
          error: 'unsupported_grant_type',
          error_description: 'Only refresh_token is supported here.',
        });
      }
      const presented = refreshTokens.get(form.get('refresh_token') ?? '');
      if (fault?.mode === 'invalid_grant' || !presented || presented.used) {
        // Reusing a spent refresh token revokes both tokens (reference §1.5).
        if (presented) revokeAll(presented.merchantId);
        return json(res, 400, {
          error: 'invalid_grant',
          error_description: 'The refresh token is invalid.',
        });
      }
      presented.used = true;
      for (const [k, v] of accessTokens)
        if (v.merchantId === presented.merchantId) accessTokens.delete(k);
      const { expires, ...issued } = issue(presented.merchantId);
      return json(
        res,
        200,
        refreshExpiryField === 'expires'
          ? { ...issued, expires }
          : { ...issued, expires_in: expires - Math.floor(Date.now() / 1000) },
      );
    }

    if (path === '/oauth2/user/info' && method === 'GET') {
      stats.userInfoCalls += 1;
      const auth = bearer(req);
      if (!auth)
        return json(res, 401, sallaError(401, 'Unauthorized', 'The access token is invalid'));
      const store = stores.get(auth.merchantId)!;
      return json(res, 200, {
        status: 200,
        success: true,
        data: {
          id: ownerUserId(store.merchantId),
          name: store.ownerName,
          email: store.ownerEmail,
          mobile: '+966500000000',
          role: 'user',
          created_at: '2024-01-01 10:00:00',
          merchant: {
            id: store.merchantId,
            username: `store${store.merchantId}`,
            name: store.name,
            plan: store.plan,
            status: 'active',
            domain: store.domain,
          },
          context: { app: '1', scope: SCOPE, exp: Math.floor(Date.now() / 1000) + 3600 },
        },
      });
    }

    if (path.startsWith('/admin/v2/')) {
      const auth = bearer(req);
      if (!auth)
        return json(
          res,
          401,
          sallaError(401, 'Unauthorized', 'The access token is invalid'),
          rateHeaders,
        );
      const store = stores.get(auth.merchantId)!;
      // The app's settings in this store (reference §1.9): GET gives `{app_id, app_slug,
      // settings}`, POST replaces the whole object (keys left out become null).
      const appPath = /^\/admin\/v2\/apps\/([^/]+)\/settings$/.exec(path);
      if (appPath && decodeURIComponent(appPath[1]!) === appId) {
        if (method === 'GET')
          return json(
            res,
            200,
            {
              status: 200,
              success: true,
              data: {
                app_id: appId,
                app_slug: appId,
                settings: appSettings.get(store.merchantId) ?? {},
              },
            },
            rateHeaders,
          );
        if (method === 'POST') {
          const body = JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>;
          appSettings.set(store.merchantId, body);
          return json(
            res,
            200,
            { status: 200, success: true, data: { app_id: appId, settings: body } },
            rateHeaders,
          );
        }
      }
      if (path === '/admin/v2/store/info' && method === 'GET') {
        return json(
          res,
          200,
          {
            status: 200,
            success: true,
            data: {
              id: store.merchantId,
              name: store.name,
              entity: 'company',
              email: store.ownerEmail,
              plan: store.plan,
              type: 'demo',
              status: 'active',
              currency: 'SAR',
              domain: store.domain,
              // The store's logo, served by the sandbox itself.
              avatar: `http://${req.headers.host}/__sandbox/logo/${store.merchantId}.svg`,
            },
          },
          rateHeaders,
        );
      }
      if (path === '/admin/v2/coupons' && method === 'POST') {
        stats.couponCalls += 1;
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        } catch {
          return json(res, 400, sallaError(400, 'bad_request', 'Malformed JSON'), rateHeaders);
        }
        const fields: Record<string, string[]> = {};
        if (typeof body.code !== 'string' || !body.code) fields.code = ['كود الكوبون مطلوب'];
        else if (
          coupons.some(
            (c) =>
              c.merchantId === store.merchantId && c.code === body.code && c.status === 'active',
          )
        )
          fields.code = ['كود الكوبون مستخدم مسبقًا'];
        if (
          !['percentage', 'fixed', 'Percentage', 'Fixed', 'p', 'f', 'P', 'F'].includes(
            String(body.type),
          )
        )
          fields.type = ['نوع الكوبون مطلوب'];
        if (typeof body.amount !== 'number' || body.amount < 0)
          fields.amount = ['قيمة الكوبون مطلوبة'];
        if (typeof body.free_shipping !== 'boolean')
          fields.free_shipping = ['حقل الشحن المجاني مطلوب'];
        if (typeof body.exclude_sale_products !== 'boolean')
          fields.exclude_sale_products = ['حقل استثناء المنتجات المخفضة مطلوب'];
        const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
        if (typeof body.expiry_date !== 'string' || body.expiry_date.slice(0, 10) < tomorrow)
          fields.expiry_date = ['تاريخ الانتهاء يجب أن يكون بعد اليوم بيوم على الأقل'];
        if (
          String(body.type).toLowerCase().startsWith('p') &&
          typeof body.maximum_amount !== 'number'
        )
          fields.maximum_amount = ['الحد الأعلى للخصم مطلوب للكوبونات بالنسبة'];
        if (Object.keys(fields).length > 0)
          return json(
            res,
            422,
            sallaError(422, 'error', 'alert.invalid_fields', fields),
            rateHeaders,
          );
        const coupon: SandboxCoupon = {
          id: randomInt(100_000_000, 999_999_999),
          merchantId: store.merchantId,
          code: String(body.code),
          body,
          status: 'active',
          usage: 0,
        };
        coupons.push(coupon);
        return json(
          res,
          200,
          { status: 200, success: true, data: couponModel(coupon) },
          rateHeaders,
        );
      }
      if (path === '/admin/v2/coupons' && method === 'GET') {
        // List Coupons, narrowed by `keyword` (the only documented filter), newest first.
        const keyword = (url.searchParams.get('keyword') ?? '').toLowerCase();
        const found = coupons
          .filter(
            (c) =>
              c.merchantId === store.merchantId &&
              c.status === 'active' &&
              c.code.toLowerCase().includes(keyword),
          )
          .reverse();
        const page = found.slice(0, 15);
        return json(
          res,
          200,
          {
            status: 200,
            success: true,
            data: page.map(couponModel),
            pagination: {
              count: page.length,
              total: found.length,
              perPage: 15,
              currentPage: 1,
              totalPages: Math.max(1, Math.ceil(found.length / 15)),
              links: [],
            },
          },
          rateHeaders,
        );
      }
      const orderMatch = /^\/admin\/v2\/orders\/(\d+)$/.exec(path);
      if (orderMatch && method === 'GET') {
        const order = orders.get(`${store.merchantId}:${orderMatch[1]}`);
        if (!order)
          return json(res, 404, sallaError(404, 'not_found', 'الطلب غير موجود'), rateHeaders);
        return json(res, 200, { status: 200, success: true, data: order }, rateHeaders);
      }
      const couponMatch = /^\/admin\/v2\/coupons\/(\d+)$/.exec(path);
      if (couponMatch) {
        const coupon = coupons.find(
          (c) =>
            c.id === Number(couponMatch[1]) &&
            c.merchantId === store.merchantId &&
            c.status === 'active',
        );
        // Coupon Details and Delete Coupon answer a coupon that is not there (or deleted) alike.
        if (!coupon)
          return json(
            res,
            404,
            sallaError(404, 'error', 'المحتوى الذي تحاول الوصول اليه غير متوفر'),
            rateHeaders,
          );
        if (method === 'DELETE') {
          coupon.status = 'deleted';
          stats.couponDeletes += 1;
          return json(
            res,
            202,
            {
              status: 202,
              success: true,
              data: { message: 'The coupon has been removed successfully', code: 202 },
            },
            rateHeaders,
          );
        }
        if (method === 'GET')
          return json(
            res,
            200,
            { status: 200, success: true, data: couponModel(coupon) },
            rateHeaders,
          );
      }
      return json(res, 404, sallaError(404, 'not_found', 'Not found'), rateHeaders);
    }

    // Storefront API: who is the shopper behind this customer token?
    if (path === '/store/v1/auth/user' && method === 'GET') {
      const customer = customerTokens.get(
        (req.headers.authorization ?? '').replace(/^Bearer\s+/i, ''),
      );
      const storeId = Number(req.headers['store-identifier'] ?? url.searchParams.get('store') ?? 0);
      if (!customer || (storeId && customer.merchantId !== storeId))
        return json(res, 401, sallaError(401, 'Unauthorized', 'Unauthenticated.'));
      return json(res, 200, {
        status: 200,
        success: true,
        data: {
          id: customer.id,
          first_name: customer.name,
          email: customer.email,
          store_id: customer.merchantId,
        },
      });
    }

    return json(res, 404, sallaError(404, 'not_found', 'Not found'));
  }

  let nuqatUrl = options.nuqatUrl ?? 'http://localhost:3000';

  /** A coupon as Salla answers it (reference §3.7: the response's own field names). */
  function couponModel(coupon: SandboxCoupon): Record<string, unknown> {
    const body = coupon.body;
    const money = (amount: unknown) =>
      typeof amount === 'number' ? { amount, currency: 'SAR' } : null;
    return {
      id: coupon.id,
      code: coupon.code,
      type: body.type,
      status: coupon.status,
      is_apply_with_offer: body.is_apply_with_offer ?? false,
      amount: money(body.amount),
      minimum_amount: money(body.minimum_amount),
      maximum_amount: money(body.maximum_amount ?? 0),
      show_maximum_amount: body.show_maximum_amount ?? false,
      expiry_date: body.expiry_date,
      start_date: body.start_date ?? null,
      free_shipping: body.free_shipping,
      usage_limit: body.usage_limit ?? null,
      usage_limit_per_user: body.usage_limit_per_user ?? null,
      include_product_ids: body.products_include ?? [],
      is_sale_products_exclude: body.exclude_sale_products,
      applied_in: body.applied_in ?? 'all',
      is_group: false,
      statistics: {
        num_of_usage: coupon.usage,
        num_of_customers: coupon.usage > 0 ? 1 : 0,
        coupon_sales: { amount: 0, currency: 'SAR' },
      },
    };
  }

  function useCoupon(merchantId: number, code: string): void {
    const coupon = coupons.find(
      (c) => c.merchantId === merchantId && c.code === code && c.status === 'active',
    );
    if (!coupon) throw new Error(`no live coupon ${code} in store ${merchantId}`);
    coupon.usage += 1;
  }

  function loginCustomer(
    merchantId: number,
    customer: { id: number; name?: string; email?: string },
  ): string {
    const value = token('sa_customer');
    customerTokens.set(value, {
      merchantId,
      id: customer.id,
      name: customer.name ?? 'Customer',
      email: customer.email ?? '',
    });
    return value;
  }

  /** Each store's settings of the app (reference §1.9), as `POST /apps/{app_id}/settings` left them. */
  const appSettings = new Map<number, Record<string, unknown>>();

  function register(
    store: Partial<SandboxStore> & { merchantId: number },
    expiresInSeconds?: number,
  ): IssuedTokens {
    stores.set(store.merchantId, {
      name: `Store ${store.merchantId}`,
      domain: `https://store-${store.merchantId}.salla.sa`,
      ownerEmail: `owner-${store.merchantId}@example.com`,
      ownerName: 'Store Owner',
      plan: 'pro',
      ...store,
    });
    return issue(store.merchantId, expiresInSeconds);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      json(res, 500, sallaError(500, 'error', String(error))),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const dashboardOrigin = `http://localhost:${port}`;
  return {
    url,
    apiBase: `${url}/admin/v2`,
    authBase: url,
    storefrontApiBase: `${url}/store/v1`,
    exchangeBase: url,
    appId,
    dashboardOrigin,
    dashboardUrl: (route = 'nuqat') => `${dashboardOrigin}/embedded/app/${appId}/${route}`,
    issueEmbeddedToken,
    registerStore: (store, opts = {}) => register(store, opts.expiresInSeconds),
    loginCustomer,
    setNuqatUrl: (url: string) => void (nuqatUrl = url),
    setOrder: (merchantId, order) => void orders.set(`${merchantId}:${order.id}`, order),
    setRefreshExpiryField: (field) => void (refreshExpiryField = field),
    useCoupon,
    fail: (fault) => void faults.push({ ...fault }),
    clearFaults: () => void faults.splice(0),
    coupons,
    stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
