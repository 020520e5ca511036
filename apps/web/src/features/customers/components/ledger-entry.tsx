import { useTranslation } from 'react-i18next';
import type { LedgerEntry } from '@nuqat/contracts';
import { cn } from '../../../lib/cn';
import { formatDate, formatNumber } from '../../../lib/format';

/** A ledger row's points with their sign, green when earned and red when taken. */
export function SignedPoints({ points }: { points: number }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const text = `${points > 0 ? '+' : points < 0 ? '−' : ''}${formatNumber(Math.abs(points), language)}`;
  return (
    <bdi
      dir="ltr"
      className={cn(
        'font-semibold',
        points > 0
          ? 'text-emerald-700 dark:text-emerald-300'
          : points < 0
            ? 'text-red-700 dark:text-red-300'
            : 'text-slate-500',
      )}
    >
      {text}
    </bdi>
  );
}

/** What a ledger row refers to: its order, its coupon, its reason, its expiry. */
export function EntryDetails({
  entry,
  couponCodes,
}: {
  entry: LedgerEntry;
  couponCodes: Map<string, string | null>;
}) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const parts: React.ReactNode[] = [];
  if (entry.orderId)
    parts.push(
      <a
        key="order"
        href={`#order-${entry.orderId}`}
        className="text-brand-700 hover:underline dark:text-brand-300"
      >
        {t('account.order', { ref: entry.orderReference ?? entry.orderId })}
      </a>,
    );
  if (entry.couponId) {
    const code = couponCodes.get(entry.couponId);
    parts.push(
      <a
        key="coupon"
        href={`#coupon-${entry.couponId}`}
        className="text-brand-700 hover:underline dark:text-brand-300"
      >
        {t('account.coupon')}{' '}
        {code ? (
          <bdi dir="ltr" className="font-mono">
            {code}
          </bdi>
        ) : null}
      </a>,
    );
  }
  if (entry.note)
    parts.push(
      <bdi key="note" dir="auto">
        {entry.note}
      </bdi>,
    );
  if (entry.adjustedBy) parts.push(<span key="by">{t('account.byMerchant')}</span>);
  // A shortfall is owed (the points were spent, decision 027), forgiven, or both in part.
  if (entry.owed > 0)
    parts.push(
      <span key="owed" className="text-amber-800 dark:text-amber-200">
        {t('account.owedPart', {
          points: formatNumber(entry.owed, language),
          count: entry.owed,
        })}
      </span>,
    );
  if (entry.forgiven > 0)
    parts.push(
      <span key="forgiven" className="text-slate-700 dark:text-slate-300">
        {t('account.forgivenPart', {
          points: formatNumber(entry.forgiven, language),
          count: entry.forgiven,
        })}
      </span>,
    );
  if (entry.shortfall > 0 && entry.owed <= 0 && entry.forgiven === 0)
    parts.push(
      <span key="short" className="text-amber-800 dark:text-amber-200">
        {t('account.shortfall', {
          points: formatNumber(entry.shortfall, language),
          count: entry.shortfall,
        })}
      </span>,
    );
  if (entry.expiresAt && entry.points > 0)
    parts.push(
      <span key="exp">
        {t('account.expires', { date: formatDate(entry.expiresAt, language) })}
      </span>,
    );
  return <span className="flex flex-wrap gap-x-3 gap-y-1">{parts}</span>;
}
