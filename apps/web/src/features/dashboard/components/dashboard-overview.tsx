import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Coins, Gift, ShoppingBag, Users } from 'lucide-react';
import type { Dashboard, Language } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { ErrorState } from '../../../components/ui/error-state';
import { formatCompactNumber, formatCurrency, formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useDashboard } from '../api/get-dashboard';

import { RecentActivities, RecentOrders, TopCustomers } from './dashboard-lists';

const sectionTitle = 'text-lg font-bold text-slate-900 dark:text-white';

function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}

/**
 * The store's figures from GET /api/merchants/dashboard, all computed by the server from the
 * ledger and orders. On an error there is an error and a reload button — no figures at all.
 */
/** `alsoRetry`: what else the screen reloads with it, when one error stands for several. */
export function DashboardOverview({ alsoRetry }: { alsoRetry?: () => void } = {}) {
  const { t } = useTranslation('merchant');
  const dashboard = useDashboard();

  if (dashboard.isPending) return <DashboardSkeleton label={t('dashboard.loading')} />;
  if (dashboard.isError) {
    return (
      <ErrorState
        message={errorMessage(dashboard.error, {
          unknownHttp: () => ({ key: 'merchant:dashboard.loadError' }),
          fallback: { key: 'merchant:dashboard.loadError' },
        })}
        onRetry={() => {
          void dashboard.refetch();
          alsoRetry?.();
        }}
        retrying={dashboard.isFetching}
      />
    );
  }
  return <DashboardFigures data={dashboard.data} />;
}

function DashboardSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-live="polite" className="space-y-6" data-testid="dashboard-loading">
      <span className="sr-only">{label}</span>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-28 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-800" />
        ))}
      </div>
      <div className="h-40 animate-pulse rounded-2xl bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

function Counter({
  icon,
  label,
  value,
  exact,
  testId,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  exact: string;
  testId: string;
}) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5">
      <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
        {icon}
      </span>
      <div>
        <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
        <p
          className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white"
          title={exact}
          data-testid={testId}
          dir="ltr"
        >
          {value}
        </p>
      </div>
    </Card>
  );
}

function DashboardFigures({ data }: { data: Dashboard }) {
  const { t } = useTranslation('merchant');
  const language = useLanguage();
  const compact = (n: number) => formatCompactNumber(n, language);
  const exact = (n: number) => formatNumber(n, language);
  const perf = data.performanceStats;

  return (
    <div className="space-y-6" data-testid="dashboard-figures">
      <section aria-label={t('dashboard.countersLabel')}>
        <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          <Counter
            icon={<Users aria-hidden="true" className="size-5" />}
            label={t('dashboard.totalMembers')}
            value={compact(data.totalMembers)}
            exact={exact(data.totalMembers)}
            testId="counter-members"
          />
          <Counter
            icon={<Coins aria-hidden="true" className="size-5" />}
            label={t('dashboard.totalPoints')}
            value={compact(data.totalPoints)}
            exact={exact(data.totalPoints)}
            testId="counter-points"
          />
          <Counter
            icon={<Gift aria-hidden="true" className="size-5" />}
            label={t('dashboard.redeemedPoints')}
            value={compact(data.redeemedPoints)}
            exact={exact(data.redeemedPoints)}
            testId="counter-redeemed"
          />
          <Counter
            icon={<ShoppingBag aria-hidden="true" className="size-5" />}
            label={t('dashboard.totalOrders')}
            value={compact(data.totalOrders)}
            exact={exact(data.totalOrders)}
            testId="counter-orders"
          />
        </div>
      </section>

      <Card className="min-w-0 space-y-4 p-5 sm:p-6">
        <h2 className={sectionTitle}>{t('dashboard.performance')}</h2>
        <dl className="grid grid-cols-2 gap-4 lg:grid-cols-3">
          {(
            [
              ['sales', formatCurrency(perf.totalSales, language)],
              ['couponsUsed', exact(perf.couponsUsed)],
              ['pointsEarned', exact(perf.pointsEarned)],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className="rounded-xl bg-slate-50 p-3 dark:bg-slate-800/60">
              <dt className="text-sm text-slate-600 dark:text-slate-400">
                {t(`dashboard.perf.${key}`)}
              </dt>
              <dd
                className="mt-1 text-lg font-bold text-slate-900 tabular-nums dark:text-white"
                data-testid={`perf-${key}`}
              >
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('dashboard.perfHelp')}</p>
      </Card>

      <div className="grid gap-6 2xl:grid-cols-2">
        <TopCustomers data={data} language={language} />
        <RecentOrders data={data} language={language} />
      </div>
      <RecentActivities data={data} language={language} />
    </div>
  );
}
