import type { CustomerLoyaltyData } from '@nuqat/contracts';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';

export type BalanceCardProps = Pick<
  CustomerLoyaltyData,
  'availablePoints' | 'expiringPoints' | 'nextExpiryAt'
>;

/** Spec §2: the big points balance, and the points about to expire. */
export function BalanceCard({ availablePoints, expiringPoints, nextExpiryAt }: BalanceCardProps) {
  const { t, tp, language } = useI18n();
  return (
    <section
      aria-labelledby="balance-label"
      className="dot-grid relative overflow-hidden rounded-3xl bg-brand-800 p-5 text-white shadow-md dark:bg-brand-900"
    >
      <p id="balance-label" className="text-sm font-medium text-brand-100">
        {t('balance.label')}
      </p>
      <p className="mt-1 flex items-baseline gap-2">
        <bdi dir="ltr" className="text-5xl font-extrabold tracking-tight tabular-nums">
          {formatNumber(availablePoints, language)}
        </bdi>
        <span className="text-lg font-semibold text-brand-100">
          {tp('points.unit', availablePoints)}
        </span>
      </p>
      {expiringPoints > 0 && nextExpiryAt ? (
        <p className="mt-3 inline-flex items-center gap-1.5 rounded-full bg-white/15 px-3 py-1 text-xs font-medium">
          <Icon name="history" className="size-3.5" />
          {tp('balance.expiring', expiringPoints, { date: formatDate(nextExpiryAt, language) })}
        </p>
      ) : null}
      <Icon
        name="sparkles"
        className="pointer-events-none absolute -bottom-3 end-3 size-20 text-white/10"
      />
    </section>
  );
}
