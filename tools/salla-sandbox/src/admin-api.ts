import { randomInt } from 'node:crypto';
import { type IncomingMessage, type ServerResponse } from 'node:http';
import { json, sallaError, readBody, UNHANDLED } from './sandbox-http.ts';
import type { SandboxCoupon } from './sandbox-types.ts';
import type { SandboxState } from './sandbox-state.ts';
import { answerCatalogue } from './catalogue.ts';

/** Salla's Admin API (/admin/v2/…): store info, orders, coupons; a bearer token names the store. */
export function createAdminApi(state: SandboxState) {
  const { stores, coupons, orders, stats, bearer, rateHeaders, couponModel, appSettings, appId } =
    state;
  return async function (req: IncomingMessage, res: ServerResponse, url: URL): Promise<unknown> {
    const path = url.pathname;
    const method = req.method ?? 'GET';

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
      const catalogue = answerCatalogue(
        res,
        url,
        method,
        state.catalogues.get(store.merchantId) ?? { categories: [], products: [] },
        req.headers.host ?? 'localhost',
        rateHeaders,
      );
      if (catalogue !== UNHANDLED) return catalogue;
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
    return UNHANDLED;
  };
}
