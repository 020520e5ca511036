import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useMerchantSettings, useUpdateMerchantSettings } from '../api/merchant-settings';

/**
 * What happens when an order is cancelled after its points were spent (decision 027): by default
 * the customer's unused coupons are withdrawn and the rest is owed; the merchant may forgive
 * instead. The switch saves at once.
 */
export function SpentClawbackCard() {
  const { t } = useTranslation('merchant');
  const settings = useMerchantSettings();
  const update = useUpdateMerchantSettings();
  const forgive = settings.data?.forgiveSpentClawbacks ?? false;
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">
          {t('clawback.heading')}
        </h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t('clawback.description')}
        </p>
      </div>
      {settings.data ? (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-4">
            <div className="space-y-1">
              <label
                htmlFor="clawback-forgive"
                className="font-medium text-slate-900 dark:text-white"
              >
                {t('clawback.forgive')}
              </label>
              <p id="clawback-forgive-hint" className="text-sm text-slate-500 dark:text-slate-400">
                {t('clawback.forgiveHint')}
              </p>
            </div>
            <Switch
              id="clawback-forgive"
              checked={forgive}
              disabled={update.isPending}
              aria-describedby="clawback-forgive-hint"
              onCheckedChange={(checked) => update.mutate({ forgiveSpentClawbacks: checked })}
            />
          </div>
          {update.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('clawback.saveFailed')}
            </p>
          ) : update.data ? (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {t(update.data.forgiveSpentClawbacks ? 'clawback.on' : 'clawback.off')}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
