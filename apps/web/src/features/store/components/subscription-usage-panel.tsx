import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { SUPPORT } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { formatDate, formatNumber } from '../../../lib/format';
import { useSubscription } from '../api/get-subscription';

/**
 * This subscription month's orders against the plan's limit (orders past it are recorded and
 * earn nothing). A store Salla disconnected is told so by the banner on every page
 * (store-state-banner).
 */
export function SubscriptionUsagePanel() {
  const { t, i18n } = useTranslation('merchant');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const subscription = useSubscription();
  if (!subscription.data) return null;
  const s = subscription.data;
  const used = formatNumber(s.ordersUsed, language);

  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-5 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('usage.heading')}</h2>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {t('usage.since', { date: formatDate(s.periodStart, language) })}
          </p>
        </div>
        <p className="font-semibold text-slate-900 dark:text-white" data-testid="usage-text">
          {s.usageLimit === null
            ? t('usage.unlimited', { used, count: s.ordersUsed })
            : t('usage.used', {
                used,
                limit: formatNumber(s.usageLimit, language),
                count: s.usageLimit,
              })}
        </p>
        {s.usageLimit !== null ? (
          <div
            role="progressbar"
            aria-label={t('usage.progressLabel')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={s.usagePercentage}
            className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
          >
            <div
              className={
                s.usagePercentage >= 90
                  ? 'h-full rounded-full bg-amber-500'
                  : 'h-full rounded-full bg-brand-600'
              }
              style={{ inlineSize: `${s.usagePercentage}%` }}
            />
          </div>
        ) : null}
        {s.ordersOverLimit > 0 ? (
          <p className="text-sm text-amber-800 dark:text-amber-200">
            {t('usage.overLimit', { count: s.ordersOverLimit })}
          </p>
        ) : s.usageLimit !== null && s.usagePercentage >= 90 ? (
          <p className="text-sm text-amber-800 dark:text-amber-200">{t('usage.nearLimit')}</p>
        ) : null}
        {s.plan === 'starter' ? (
          // Plans are bought and changed on Salla's app store, where the merchant subscribed.
          <a
            href={SUPPORT.sallaAppStore}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 rounded-xl bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            data-testid="upgrade-link"
          >
            {t('usage.upgrade')}
            <ExternalLink aria-hidden="true" className="size-4" />
          </a>
        ) : null}
      </Card>
    </div>
  );
}
