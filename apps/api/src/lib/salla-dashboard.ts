import type { Config } from '../env.ts';

/**
 * The route of Nuqat's embedded page as registered in the Salla Partners Portal (README,
 * "Inside the Salla dashboard"): the page lives at `{dashboard}/embedded/app/{appId}/{route}`.
 */
export const EMBEDDED_PAGE_ROUTE = 'nuqat';

/**
 * Where a merchant opens Nuqat inside the Salla merchant dashboard (reference §5), or null when
 * no app id is configured (nothing could verify the dashboard's token).
 */
export function embeddedAppUrl(salla: Pick<Config['salla'], 'appId' | 'dashboardOrigin'>) {
  return salla.appId
    ? `${salla.dashboardOrigin}/embedded/app/${encodeURIComponent(salla.appId)}/${EMBEDDED_PAGE_ROUTE}`
    : null;
}
