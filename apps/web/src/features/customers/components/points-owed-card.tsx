import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomerAccount } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';
import { useForgiveDebt } from '../api/change-customer';

/**
 * Points the customer owes (decision 027): orders cancelled or refunded after their points were
 * spent, not covered by the balance or by their withdrawn coupons. Says whether Nuqat is still
 * withdrawing coupons at Salla, what was forgiven over time, and lets the merchant forgive it.
 */
export function PointsOwedCard({ account }: { account: CustomerAccount }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const showToast = useToast();
  const { customer, couponRecovery, pointsForgiven } = account;
  const forgive = useForgiveDebt(customer.id);
  const [key, setKey] = useState<string | null>(null);
  const owed = customer.pointsOwed;
  if (owed === 0 && pointsForgiven === 0) return null;
  const n = (value: number) => formatNumber(value, language);

  return (
    <Card className="space-y-3 p-5 sm:p-6" data-testid="points-owed">
      <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('owed.heading')}</h2>
      {owed > 0 ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t('owed.owes', { count: owed, points: n(owed) })}
          </p>
          {couponRecovery?.status === 'pending' ? (
            <p role="status" className="text-sm text-amber-800 dark:text-amber-200">
              {couponRecovery.nextAttemptAt
                ? t('owed.recoveryPending', {
                    time: formatDateTime(couponRecovery.nextAttemptAt, language),
                  })
                : t('owed.recoveryNow')}
            </p>
          ) : couponRecovery?.status === 'failed' ? (
            <p className="text-sm text-red-700 dark:text-red-300">{t('owed.recoveryFailed')}</p>
          ) : null}
          <Button
            variant="secondary"
            onClick={() => {
              forgive.reset();
              setKey(crypto.randomUUID());
            }}
          >
            {t('owed.forgive')}
          </Button>
        </>
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('owed.none')}</p>
      )}
      {pointsForgiven > 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('owed.forgivenTotal', { count: pointsForgiven, points: n(pointsForgiven) })}
        </p>
      ) : null}
      <ConfirmDialog
        open={key !== null}
        onOpenChange={(open) => {
          if (!open && !forgive.isPending) setKey(null);
        }}
        tone="primary"
        title={t('owed.forgiveTitle', { count: owed, points: n(owed) })}
        description={t('owed.forgiveDescription')}
        confirmLabel={t('owed.forgiveConfirm')}
        cancelLabel={t('owed.forgiveKeep')}
        onConfirm={() => {
          if (key)
            forgive.mutate(
              { idempotencyKey: key },
              {
                onSuccess: (result) => {
                  setKey(null);
                  showToast({
                    key: 'customers:owed.forgiven',
                    values: { count: result.forgiven, points: n(result.forgiven) },
                  });
                },
              },
            );
        }}
        pending={forgive.isPending}
        error={forgive.isError ? { key: 'customers:owed.forgiveFailed' } : null}
        errorDetail={forgive.isError ? failureDetail(forgive.error) : null}
      />
    </Card>
  );
}
