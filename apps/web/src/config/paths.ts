/**
 * Every route of the SPA (spec §2). Links, redirects and the router all read from here. The
 * shoppers' /customerloyaltysalla is not one: the API serves it as its own page (loyalty.html).
 */
export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  setpoints: '/setpoints',
  members: '/members',
  coupons: '/coupons',
  customers: '/customers',
  customer: '/customers/:id',
  rewards: '/rewards',
  tiers: '/tiers',
  campaigns: '/campaigns',
  analytics: '/analytics',
  /** The printable monthly report, :month is YYYY-MM (docs/decisions/050). */
  analyticsReport: '/analytics/report/:month',
  settings: '/settings',
  /** Public, no sign-in (docs/decisions/044). */
  privacy: '/privacy',
  terms: '/terms',
  /** The read-only demo's sign-in (DEMO=1 only). */
  demo: '/demo',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
