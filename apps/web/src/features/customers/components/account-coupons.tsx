import { useTranslation } from 'react-i18next';
import type { CustomerAccount } from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { REDEMPTION_STATUS_TONES } from '../../../components/ui/redemption-status';
import { formatDate, formatNumber } from '../../../lib/format';
import { AccountSection } from './account-section';

export function AccountCoupons({ account }: { account: CustomerAccount }) {
  const { t, i18n } = useTranslation(['customers', 'coupons']);
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <AccountSection title={t('account.couponsHeading')}>
      {account.coupons.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('account.couponsEmpty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 dark:divide-slate-800">
          {account.coupons.map((coupon) => (
            <li
              key={coupon.id}
              id={`coupon-${coupon.id}`}
              data-testid="account-coupon"
              className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm"
            >
              <span className="min-w-0 space-y-0.5">
                <span className="block font-medium text-slate-900 dark:text-white">
                  <bdi dir="auto">{coupon.rewardName}</bdi>
                </span>
                <span className="block text-xs text-slate-500 dark:text-slate-400">
                  {coupon.code ? (
                    <bdi dir="ltr" className="font-mono">
                      {coupon.code}
                    </bdi>
                  ) : null}{' '}
                  · <bdi>{formatDate(coupon.createdAt, language)}</bdi> ·{' '}
                  {t('customers:points', {
                    points: formatNumber(coupon.points, language),
                    count: coupon.points,
                  })}
                </span>
              </span>
              <Badge tone={REDEMPTION_STATUS_TONES[coupon.status]}>
                {coupon.status === 'cancelled' && coupon.cancelReason === 'clawback'
                  ? t('coupons:statuses.withdrawn')
                  : t(`coupons:statuses.${coupon.status}`)}
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </AccountSection>
  );
}
