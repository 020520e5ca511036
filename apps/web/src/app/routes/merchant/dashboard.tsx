import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChartColumn, ChevronLeft, Coins, Gift, TicketPercent, Users } from 'lucide-react';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { useDashboard } from '../../../features/dashboard/api/get-dashboard';
import { DashboardOverview } from '../../../features/dashboard/components/dashboard-overview';
import { SupportCards } from '../../../features/dashboard/components/support-cards';
import { useStoreInfo } from '../../../features/store/api/get-store-info';
import { StoreInfoPanel } from '../../../features/store/components/store-info-panel';
import { SubscriptionUsagePanel } from '../../../features/store/components/subscription-usage-panel';
import { useDocumentTitle } from '../../../lib/document-title';

const SHORTCUTS = [
  { key: 'setpoints', to: paths.setpoints, icon: Coins },
  { key: 'rewards', to: paths.rewards, icon: Gift },
  { key: 'members', to: paths.members, icon: Users },
  { key: 'coupons', to: paths.coupons, icon: TicketPercent },
  { key: 'analytics', to: paths.analytics, icon: ChartColumn },
] as const;

export function DashboardRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.dashboard.title');
  // The server or the network down fails both the figures and the store's details: one error
  // box (the figures', whose retry reloads both), not two (issue 15).
  const storeInfo = useStoreInfo();
  const shared = useDashboard().isError && storeInfo.isError;
  return (
    <div className="space-y-8">
      <PageHeader
        title={t('screens.dashboard.title')}
        description={t('screens.dashboard.description')}
      />
      <DashboardOverview alsoRetry={shared ? () => void storeInfo.refetch() : undefined} />
      <section aria-labelledby="subscription-title" className="space-y-4">
        <h2 id="subscription-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('dashboard.subscription')}
        </h2>
        <StoreInfoPanel
          loadErrorMessage={{ key: 'merchant:dashboard.loadError' }}
          quietOnError={shared}
        />
        <SubscriptionUsagePanel />
      </section>
      <section aria-labelledby="shortcuts-title" className="space-y-4">
        <h2 id="shortcuts-title" className="text-lg font-bold text-slate-900 dark:text-white">
          {t('dashboard.shortcuts')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3">
          {SHORTCUTS.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Card className="group h-full transition-shadow hover:shadow-md">
                <Link
                  to={to}
                  className="flex h-full items-start gap-4 rounded-2xl p-5 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1 space-y-1">
                    <span className="flex items-center justify-between gap-2 font-semibold text-slate-900 dark:text-white">
                      {t(`screens.${key}.title`)}
                      <ChevronLeft
                        aria-hidden="true"
                        className="size-4 shrink-0 text-slate-400 group-hover:text-brand-600 ltr:rotate-180"
                      />
                    </span>
                    <span className="block text-sm leading-relaxed text-slate-600 dark:text-slate-400">
                      {t(`screens.${key}.description`)}
                    </span>
                  </span>
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <SupportCards />
    </div>
  );
}
