import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Switch } from '../../../components/ui/switch';
import { useMerchantSettings, useUpdateMerchantSettings } from '../api/merchant-settings';

/**
 * The monthly report e-mail (docs/decisions/050): on the 1st of each Riyadh month a Growth store's
 * owner gets last month's programme figures with a link to the printable report. On by default;
 * the switch saves at once.
 */
export function MonthlyReportCard() {
  const { t } = useTranslation('merchant');
  const settings = useMerchantSettings();
  const update = useUpdateMerchantSettings();
  const on = settings.data?.monthlyReportEmail ?? true;
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">
          {t('monthlyReport.heading')}
        </h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t('monthlyReport.description')}
        </p>
      </div>
      {settings.data ? (
        <div className="space-y-3">
          <div className="flex items-center justify-between gap-4">
            <div className="space-y-1">
              <label
                htmlFor="monthly-report-email"
                className="font-medium text-slate-900 dark:text-white"
              >
                {t('monthlyReport.email')}
              </label>
              <p
                id="monthly-report-email-hint"
                className="text-sm text-slate-500 dark:text-slate-400"
              >
                {t('monthlyReport.emailHint')}
              </p>
            </div>
            <Switch
              id="monthly-report-email"
              checked={on}
              disabled={update.isPending}
              aria-describedby="monthly-report-email-hint"
              onCheckedChange={(checked) => update.mutate({ monthlyReportEmail: checked })}
            />
          </div>
          {update.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('monthlyReport.saveFailed')}
            </p>
          ) : update.data ? (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {t(update.data.monthlyReportEmail ? 'monthlyReport.on' : 'monthlyReport.off')}
            </p>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
