import { type IncomingMessage, type ServerResponse } from 'node:http';
import { dashboardPage, type DashboardFirstToken } from './dashboard-page.ts';
import { storefrontPage, storefrontShopper, storefrontShopperByEmail } from './storefront-page.ts';
import { json, sallaError, readBody, token, UNHANDLED } from './sandbox-http.ts';
import type { SandboxStore, Fault, EmbeddedTokenRequest } from './sandbox-types.ts';
import type { SandboxState } from './sandbox-state.ts';

/** The sandbox's own controls (/__sandbox/…), the storefront page and the stand-in merchant dashboard. */
export function createControlRoutes(state: SandboxState) {
  const {
    stores,
    coupons,
    orders,
    faults,
    stats,
    issueEmbeddedToken,
    useCoupon,
    loginCustomer,
    register,
  } = state;
  return async function (req: IncomingMessage, res: ServerResponse, url: URL): Promise<unknown> {
    const { nuqatUrl } = state;
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
      const name = state.stores.get(Number(logo[1]))?.name ?? 'S';
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
          app: state.appSettings.get(merchantId) ?? {},
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
    return UNHANDLED;
  };
}
