import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary';
import { MerchantShellFallback } from './routes/merchant/shell-fallback';
import { LoadingState } from '../components/ui/spinner';
import { paths } from '../config/paths';
import { hasSession } from '../lib/session';
import { RootRoute } from './routes/root';

function requireSession() {
  return hasSession() ? null : redirect(paths.login);
}

function skipLoginWhenSignedIn() {
  return hasSession() ? redirect(paths.dashboard) : null;
}

function PageLoader() {
  return <LoadingState className="min-h-dvh" />;
}

/**
 * Every route of spec §2 but /customerloyaltysalla, the shoppers' page, which is a page of its own
 * (loyalty.html, src/shopper). Each screen is its own lazy chunk, so the landing and login pages
 * never download the merchant screens.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootRoute,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      {
        index: true,
        lazy: async () => ({ Component: (await import('./routes/landing')).LandingRoute }),
      },
      {
        path: paths.login,
        loader: skipLoginWhenSignedIn,
        lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
      },
      {
        path: paths.demo,
        lazy: async () => ({ Component: (await import('./routes/demo')).DemoRoute }),
      },
      {
        path: paths.privacy,
        lazy: async () => ({ Component: (await import('./routes/legal')).PrivacyRoute }),
      },
      {
        path: paths.terms,
        lazy: async () => ({ Component: (await import('./routes/legal')).TermsRoute }),
      },
      {
        id: 'merchant',
        loader: requireSession,
        // A hard reload draws the shell and a skeleton at once, not a blank page or a spinner.
        HydrateFallback: MerchantShellFallback,
        lazy: async () => ({
          Component: (await import('./routes/merchant/layout')).MerchantLayoutRoute,
        }),
        children: [
          {
            ErrorBoundary: RouteErrorBoundary,
            children: [
              {
                path: paths.dashboard,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/dashboard')).DashboardRoute,
                }),
              },
              {
                path: paths.setpoints,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/setpoints')).SetPointsRoute,
                }),
              },
              {
                path: paths.members,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/members')).MembersRoute,
                }),
              },
              {
                path: paths.coupons,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/coupons')).CouponsRoute,
                }),
              },
              {
                path: paths.customers,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/customers')).CustomersRoute,
                }),
              },
              {
                path: paths.customer,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/customer')).CustomerRoute,
                }),
              },
              {
                path: paths.rewards,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/rewards')).RewardsRoute,
                }),
              },
              {
                path: paths.tiers,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/tiers')).TiersRoute,
                }),
              },
              {
                path: paths.campaigns,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/campaigns')).CampaignsRoute,
                }),
              },
              {
                path: paths.analytics,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/analytics')).AnalyticsRoute,
                }),
              },
              {
                path: paths.analyticsReport,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/analytics-report'))
                    .AnalyticsReportRoute,
                }),
              },
              {
                path: paths.settings,
                lazy: async () => ({
                  Component: (await import('./routes/merchant/settings')).SettingsRoute,
                }),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
