import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, CircleCheck, Hourglass, Receipt, TicketPercent, UserPlus } from 'lucide-react';
import type { Language, ReferralSummary } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatNumber } from '../../../lib/format';

function Figure({
  icon,
  label,
  value,
  note,
  testId,
  tone = 'brand',
}: {
  icon: ReactNode;
  label: string;
  value: string;
  note: ReactNode;
  testId: string;
  tone?: 'brand' | 'red';
}) {
  return (
    <Card className="flex gap-3 p-4 sm:p-5" data-testid={testId}>
      <span
        className={cn(
          'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
          tone === 'red'
            ? 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300'
            : 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300',
        )}
      >
        {icon}
      </span>
      <div className="min-w-0 space-y-0.5">
        <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
        <p className="text-2xl font-bold text-slate-900 tabular-nums dark:text-white">
          <bdi data-testid={`${testId}-value`}>{value}</bdi>
        </p>
        <p className="text-xs text-slate-500 dark:text-slate-400">{note}</p>
      </div>
    </Card>
  );
}

/** Six figures of the programme, all counted by the server. */
export function ReferralFigures({ summary }: { summary: ReferralSummary }) {
  const { t, i18n } = useTranslation('referrals');
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  const count = (value: number) => formatNumber(value, language);
  const rate = summary.sent > 0 ? Math.round((summary.converted / summary.sent) * 100) : null;
  const icon = 'size-5';
  return (
    <section aria-label={t('figures.label')}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        <Figure
          testId="referral-figure-sent"
          icon={<UserPlus aria-hidden="true" className={icon} />}
          label={t('figures.sent')}
          value={count(summary.sent)}
          note={t('figures.sentHint')}
        />
        <Figure
          testId="referral-figure-converted"
          icon={<CircleCheck aria-hidden="true" className={icon} />}
          label={t('figures.converted')}
          value={count(summary.converted)}
          note={
            rate === null
              ? t('figures.convertedNone')
              : t('figures.convertedRate', { percent: count(rate) })
          }
        />
        <Figure
          testId="referral-figure-pending"
          icon={<Hourglass aria-hidden="true" className={icon} />}
          label={t('figures.pending')}
          value={count(summary.pending)}
          note={t('figures.pendingHint')}
        />
        <Figure
          testId="referral-figure-revenue"
          icon={<Receipt aria-hidden="true" className={icon} />}
          label={t('figures.revenue')}
          value={formatCurrency(summary.revenue, language)}
          note={t('figures.orders', {
            count: summary.referredOrders,
            number: count(summary.referredOrders),
          })}
        />
        <Figure
          testId="referral-figure-cost"
          icon={<TicketPercent aria-hidden="true" className={icon} />}
          label={t('figures.cost')}
          value={formatCurrency(summary.cost, language)}
          note={
            <>
              {t('figures.couponsIssued', {
                count: summary.couponsIssued,
                number: count(summary.couponsIssued),
              })}
              {language === 'ar' ? '، ' : ', '}
              {t('figures.couponsUsed', {
                count: summary.couponsUsed,
                number: count(summary.couponsUsed),
              })}
            </>
          }
        />
        <Figure
          testId="referral-figure-blocked"
          tone="red"
          icon={<Ban aria-hidden="true" className={icon} />}
          label={t('figures.blocked')}
          value={count(summary.blocked)}
          note={t('figures.reversed', {
            count: summary.reversed,
            number: count(summary.reversed),
          })}
        />
      </div>
    </section>
  );
}

/** The figures' shape while they load: no number, real or made up, until they come. */
export function ReferralFiguresSkeleton() {
  const { t } = useTranslation('referrals');
  return (
    <div
      role="status"
      aria-busy="true"
      data-testid="referral-figures-loading"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
    >
      <span className="sr-only">{t('figures.loading')}</span>
      {Array.from({ length: 6 }, (_, index) => (
        <div
          key={index}
          className="h-28 animate-pulse rounded-2xl bg-slate-200/80 dark:bg-slate-800"
        />
      ))}
    </div>
  );
}
