import { useTranslation } from 'react-i18next';
import { TrendingDown, TrendingUp } from 'lucide-react';
import type { CustomerAccount, TierBrief } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { TierBadge } from '../../../components/ui/tier-badge';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatDateTime, formatNumber } from '../../../lib/format';

/** The order behind a move (the engine records its ledger source or order as `order:ID`). */
const orderOf = (detail: string | null): string | null =>
  /^order:(\d+)$/.exec(detail ?? '')?.[1] ?? null;

function TierOrNone({ tier }: { tier: TierBrief | null }) {
  const { t } = useTranslation('customers');
  return tier ? (
    <TierBadge tier={tier} />
  ) : (
    <span className="text-xs font-semibold text-slate-600 dark:text-slate-400">
      {t('tier.none')}
    </span>
  );
}

/** The customer's VIP tier now and every change of it, newest first, with its cause. */
export function TierChanges({ account }: { account: CustomerAccount }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const { customer, tierChanges } = account;
  if (!customer.tier && tierChanges.length === 0) return null;
  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid="tier-changes">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('tier.heading')}</h2>
        <span className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
          {t('tier.now')}
          <TierOrNone tier={customer.tier} />
        </span>
      </div>
      {tierChanges.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('tier.noChanges')}</p>
      ) : (
        <ol className="divide-y divide-slate-100 dark:divide-slate-800">
          {tierChanges.map((change) => {
            const up = (change.to?.position ?? 0) > (change.from?.position ?? 0);
            const Icon = up ? TrendingUp : TrendingDown;
            return (
              <li
                key={`${change.at}-${change.to?.id ?? 'none'}`}
                className="flex items-start gap-3 py-3 first:pt-0 last:pb-0"
                data-testid="tier-change"
              >
                <span
                  className={cn(
                    'mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-lg',
                    up
                      ? 'bg-emerald-50 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300'
                      : 'bg-amber-50 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300',
                  )}
                >
                  <Icon aria-hidden="true" className="size-4 rtl:-scale-x-100" />
                </span>
                <div className="min-w-0 flex-1 space-y-1 text-sm">
                  <p className="flex flex-wrap items-center gap-1.5 text-slate-900 dark:text-white">
                    <span className="font-semibold">{up ? t('tier.up') : t('tier.down')}</span>
                    <TierOrNone tier={change.from} />
                    <span aria-hidden="true">{language === 'ar' ? '←' : '→'}</span>
                    <span className="sr-only">{t('tier.to')}</span>
                    <TierOrNone tier={change.to} />
                  </p>
                  <p className="text-slate-600 dark:text-slate-400">
                    {t(`tier.causes.${change.cause}`)}
                    {orderOf(change.detail) ? (
                      <>
                        {' · '}
                        {t('tier.detailOrder', { id: orderOf(change.detail) })}
                      </>
                    ) : null}
                    {' · '}
                    {change.basis === 'spend'
                      ? t('tier.valueSpend', {
                          value: formatCurrency(change.basisValue, language),
                        })
                      : change.basis === 'points'
                        ? t('tier.valuePoints', {
                            count: change.basisValue,
                            value: formatNumber(change.basisValue, language),
                          })
                        : t('tier.value', { value: formatNumber(change.basisValue, language) })}
                  </p>
                  <p className="text-xs text-slate-500 dark:text-slate-400">
                    <bdi>{formatDateTime(change.at, language)}</bdi>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
