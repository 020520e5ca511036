import type { CustomerLoyaltyData } from '@nuqat/contracts';
import { ORDER_STATUS_LABELS } from '@nuqat/contracts/plain';
import { formatDate, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';

export type BalanceCardProps = Pick<
  CustomerLoyaltyData,
  | 'availablePoints'
  | 'expiringPoints'
  | 'nextExpiryAt'
  | 'pendingPoints'
  | 'pendingFollows'
  | 'pointsRelease'
  | 'pointsOwed'
>;

/**
 * Spec §2: the big points balance, the points about to expire, and the pending points apart: an
 * order's until it reaches a status the store chose, a follow's until its day is over (decision
 * 052; the API words that part, the bundle has no room). Points
 * owed (orders cancelled after their points were spent, decision 027) are said plainly: the next
 * points repay them first.
 */
export function BalanceCard({
  availablePoints,
  expiringPoints,
  nextExpiryAt,
  pendingPoints,
  pendingFollows,
  pointsRelease,
  pointsOwed,
}: BalanceCardProps) {
  const { t, tp, language } = useI18n();
  const statuses = pointsRelease.spendableOn
    .map((slug) => `«${ORDER_STATUS_LABELS[slug][language]}»`)
    .join(t('balance.or'));
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
      {pointsOwed > 0 ? (
        <div
          className="relative mt-4 space-y-1 border-t border-white/20 pt-3"
          data-testid="points-owed"
        >
          <p className="flex items-center gap-1.5 text-sm font-bold">
            <Icon name="alert" className="size-4 shrink-0" />
            {tp('balance.owed', pointsOwed)}
          </p>
          <p className="text-xs leading-relaxed text-brand-100">{t('balance.owedHint')}</p>
        </div>
      ) : null}
      {pendingPoints > 0 ? (
        <div
          className="relative mt-4 space-y-1 border-t border-white/20 pt-3"
          data-testid="pending-points"
        >
          <p className="flex items-center gap-1.5 text-sm font-bold">
            <Icon name="hourglass" className="size-4 shrink-0" />
            {tp('balance.pending', pendingPoints)}
          </p>
          {pendingPoints > (pendingFollows?.points ?? 0) ? (
            <p className="text-xs leading-relaxed text-brand-100">
              {pointsRelease.holdDays > 0
                ? t('balance.pendingHintHold', { days: pointsRelease.holdDays, statuses })
                : t('balance.pendingHint', { statuses })}
            </p>
          ) : null}
          {pendingFollows ? (
            <p className="text-xs leading-relaxed text-brand-100">{pendingFollows.note}</p>
          ) : null}
        </div>
      ) : null}
      <Icon
        name="sparkles"
        className="pointer-events-none absolute -bottom-3 end-3 size-20 text-white/10"
      />
    </section>
  );
}
