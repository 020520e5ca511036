import { SallaApiError, createSallaRequest, type SallaClientOptions } from './salla-http.ts';
import { catalogueReads } from './salla-catalogue.ts';

/**
 * Typed client for the Salla calls Nuqat makes (reference §1.3–§3.7): user info, store info,
 * coupons, token refresh. Salla's error envelope becomes a SallaApiError; 429 waits for
 * Retry-After (bounded) and tries again; every call has a timeout.
 */

export { SallaApiError, type SallaClientOptions } from './salla-http.ts';
export type { SallaCategory } from './salla-catalogue.ts';

export interface SallaUserInfo {
  id: number;
  name: string;
  email: string | null;
  merchant: { id: number; name: string | null; domain: string | null; plan: string | null };
}

export interface SallaStoreInfo {
  id: number;
  name: string;
  email: string | null;
  domain: string | null;
  plan: string | null;
  /** The store's logo (https), when it has one. */
  avatar: string | null;
}

export interface SallaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  scope: string;
}

export interface CouponRequest {
  code: string;
  type: 'fixed' | 'percentage';
  amount: number;
  free_shipping: boolean;
  exclude_sale_products: boolean;
  expiry_date: string;
  start_date?: string;
  usage_limit?: number;
  usage_limit_per_user?: number;
  minimum_amount?: number;
  maximum_amount?: number;
  show_maximum_amount?: boolean;
  products_include?: string[];
  applied_in?: 'all' | 'web' | 'app';
  is_apply_with_offer?: boolean;
}

/** A coupon as Coupon Details / List Coupons describe it (reference §3.7), what Nuqat reads. */
export interface SallaCoupon {
  id: string;
  code: string;
  /** `active`, `inactive` or `deleted`. */
  status: string;
  /** Orders that used it (`statistics.num_of_usage`); null when Salla did not say. */
  usageCount: number | null;
}

function toCoupon(data: Record<string, unknown>): SallaCoupon {
  const statistics = (data.statistics ?? {}) as Record<string, unknown>;
  const usage = Number(statistics.num_of_usage);
  return {
    id: String(data.id),
    code: String(data.code ?? ''),
    status: String(data.status ?? ''),
    usageCount: statistics.num_of_usage !== undefined && Number.isFinite(usage) ? usage : null,
  };
}

/** What Salla's exchange authority says about a dashboard token (reference §5). */
export interface EmbeddedTokenFacts {
  merchantId: number;
  /** The dashboard user the token was issued to; null when Salla leaves it out. */
  userId: number | null;
  expiresAt: Date;
}

function toTokens(body: Record<string, unknown>, now: Date): SallaTokens {
  const expiresIn = typeof body.expires_in === 'number' ? body.expires_in : null;
  const expires = typeof body.expires === 'number' ? body.expires : null;
  return {
    accessToken: String(body.access_token ?? ''),
    refreshToken: String(body.refresh_token ?? ''),
    // `expires` is an absolute Unix time; some clients see `expires_in` (seconds) instead.
    expiresAt:
      expiresIn !== null
        ? new Date(now.getTime() + expiresIn * 1000)
        : expires !== null
          ? new Date(expires * 1000)
          : new Date(now.getTime() + 14 * 86_400_000),
    scope: String(body.scope ?? ''),
  };
}

export function createSallaClient(options: SallaClientOptions) {
  const request = createSallaRequest(options);

  return {
    async getUserInfo(accessToken: string): Promise<SallaUserInfo> {
      const body = await request<Record<string, unknown>>(`${options.authBase}/oauth2/user/info`, {
        method: 'GET',
        token: accessToken,
      });
      // The docs wrap it in `data`; one kit says it is bare. Read both.
      const info = (body.data ?? body) as Record<string, unknown>;
      const merchant = (info.merchant ?? {}) as Record<string, unknown>;
      return {
        id: Number(info.id),
        name: String(info.name ?? ''),
        email:
          typeof info.email === 'string' && info.email ? info.email.trim().toLowerCase() : null,
        merchant: {
          id: Number(merchant.id),
          name: typeof merchant.name === 'string' ? merchant.name : null,
          domain: typeof merchant.domain === 'string' ? merchant.domain : null,
          plan: typeof merchant.plan === 'string' ? merchant.plan : null,
        },
      };
    },

    async getStoreInfo(accessToken: string): Promise<SallaStoreInfo> {
      const body = await request<{ data: Record<string, unknown> }>(
        `${options.apiBase}/store/info`,
        { method: 'GET', token: accessToken },
      );
      const d = body.data ?? {};
      return {
        id: Number(d.id),
        name: String(d.name ?? ''),
        email: typeof d.email === 'string' ? d.email : null,
        domain: typeof d.domain === 'string' ? d.domain : null,
        plan: typeof d.plan === 'string' ? d.plan : null,
        avatar: typeof d.avatar === 'string' && /^https?:\/\//.test(d.avatar) ? d.avatar : null,
      };
    },

    /**
     * The app's settings in this store (reference §1.9): `GET /apps/{app_id}/settings`.
     */
    async getAppSettings(accessToken: string, appId: string): Promise<Record<string, unknown>> {
      const body = await request<{ data?: { settings?: Record<string, unknown> } }>(
        `${options.apiBase}/apps/${encodeURIComponent(appId)}/settings`,
        { method: 'GET', token: accessToken },
      );
      const settings = body.data?.settings;
      return settings && typeof settings === 'object' ? settings : {};
    },

    /**
     * `POST /apps/{app_id}/settings` replaces the whole object (omitted keys become null): the
     * caller reads, merges and writes (reference §1.9).
     */
    async setAppSettings(
      accessToken: string,
      appId: string,
      settings: Record<string, unknown>,
    ): Promise<void> {
      await request(`${options.apiBase}/apps/${encodeURIComponent(appId)}/settings`, {
        method: 'POST',
        token: accessToken,
        json: settings,
      });
    },

    /** `GET /orders/{order}`: the order model's `data`, unparsed (salla/ reads what it needs). */
    async getOrder(accessToken: string, orderId: number): Promise<Record<string, unknown>> {
      const body = await request<{ data?: Record<string, unknown> }>(
        `${options.apiBase}/orders/${encodeURIComponent(String(orderId))}`,
        { method: 'GET', token: accessToken },
      );
      return body.data ?? {};
    },

    ...catalogueReads(request, options.apiBase),

    async createCoupon(
      accessToken: string,
      coupon: CouponRequest,
    ): Promise<{ id: string; code: string }> {
      const body = await request<{ data: { id: number | string; code: string } }>(
        `${options.apiBase}/coupons`,
        {
          method: 'POST',
          token: accessToken,
          json: coupon,
        },
      );
      return { id: String(body.data.id), code: body.data.code };
    },

    /** Coupon Details, `GET /coupons/{coupon}`. */
    async getCoupon(accessToken: string, couponId: string): Promise<SallaCoupon> {
      const body = await request<{ data?: Record<string, unknown> }>(
        `${options.apiBase}/coupons/${encodeURIComponent(couponId)}`,
        { method: 'GET', token: accessToken },
      );
      return toCoupon(body.data ?? {});
    },

    /**
     * The coupon with exactly this code, from List Coupons narrowed by `keyword` (the list's one
     * documented filter); null when Salla lists none with it.
     */
    async findCouponByCode(accessToken: string, code: string): Promise<SallaCoupon | null> {
      const body = await request<{ data?: unknown }>(
        `${options.apiBase}/coupons?keyword=${encodeURIComponent(code)}`,
        { method: 'GET', token: accessToken },
      );
      const list = Array.isArray(body.data) ? (body.data as Record<string, unknown>[]) : [];
      const wanted = code.toUpperCase();
      const found = list.find((c) => String(c.code ?? '').toUpperCase() === wanted);
      return found ? toCoupon(found) : null;
    },

    /** Delete Coupon, `DELETE /coupons/{coupon}` (202, or 404 when it is not there). */
    async deleteCoupon(accessToken: string, couponId: string): Promise<void> {
      await request(`${options.apiBase}/coupons/${encodeURIComponent(couponId)}`, {
        method: 'DELETE',
        token: accessToken,
      });
    },

    /**
     * Verifies a token the merchant dashboard appended to the embedded page's address
     * (reference §5): `POST /exchange-authority/v1/introspect`, `S-Source` = the app's id, body
     * `{token}`. Success is `{success: true, data: {merchant_id, user_id, exp}}` with `exp` an ISO
     * time; a refusal is a 401 (`Decryption failed`), thrown as a SallaApiError like any answer
     * that is not 2xx. A 2xx that does not say success, or names no store or expiry, is thrown as
     * a SallaApiError with status 401 too: nothing in it can be trusted. A merchant waits on
     * this call, so it gives up sooner than the others.
     */
    async introspectEmbeddedToken(appId: string, token: string): Promise<EmbeddedTokenFacts> {
      const base = options.exchangeBase ?? 'https://api.salla.dev';
      const body = await request<Record<string, unknown>>(
        `${base}/exchange-authority/v1/introspect`,
        {
          method: 'POST',
          headers: { 's-source': appId },
          json: { token },
          timeoutMs: 5_000,
          attempts: 1,
        },
      );
      const data = (body.data ?? {}) as Record<string, unknown>;
      const merchantId = Number(data.merchant_id);
      const userId = Number(data.user_id);
      // Documented as an ISO string; epoch seconds are read too rather than refused.
      const exp =
        typeof data.exp === 'number'
          ? new Date(data.exp * 1000)
          : typeof data.exp === 'string'
            ? new Date(data.exp)
            : new Date(Number.NaN);
      if (
        body.success !== true ||
        !Number.isSafeInteger(merchantId) ||
        merchantId <= 0 ||
        Number.isNaN(exp.getTime())
      )
        throw new SallaApiError(401, 'not_verified', 'Salla did not verify the token');
      return {
        merchantId,
        userId: Number.isSafeInteger(userId) && userId > 0 ? userId : null,
        expiresAt: exp,
      };
    },

    /** A refresh token works once: the answer carries the next one. */
    async refreshTokens(refreshToken: string, now = new Date()): Promise<SallaTokens> {
      const body = await request<Record<string, unknown>>(`${options.authBase}/oauth2/token`, {
        method: 'POST',
        form: {
          grant_type: 'refresh_token',
          refresh_token: refreshToken,
          client_id: options.clientId ?? '',
          client_secret: options.clientSecret ?? '',
        },
      });
      return toTokens(body, now);
    },
  };
}

export type SallaClient = ReturnType<typeof createSallaClient>;
