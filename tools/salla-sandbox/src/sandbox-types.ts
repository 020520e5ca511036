import type { SandboxCatalogue } from './catalogue.ts';
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
  /** The store's products and categories as List Products and List Categories give them from now on. */
  setCatalogue(merchantId: number, catalogue: SandboxCatalogue): void;
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

/** How the sandbox is started (every field optional). */
export interface SandboxOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  nuqatUrl?: string;
  appId?: string;
}
