/** Every route of the SPA (spec §2). Links, redirects and the router all read from here. */
export const paths = {
  home: '/',
  login: '/login',
  dashboard: '/dashboard',
  setpoints: '/setpoints',
  members: '/members',
  coupons: '/coupons',
  rewards: '/rewards',
  analytics: '/analytics',
  settings: '/settings',
  customerLoyalty: '/customerloyaltysalla',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
