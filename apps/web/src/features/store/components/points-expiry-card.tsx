import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_EXPIRY_MAX_DAYS } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useMerchantSettings, useUpdateMerchantSettings } from '../api/merchant-settings';

interface ExpiryFormProps {
  initialDays: number | null;
}

function ExpiryForm({ initialDays }: ExpiryFormProps) {
  const { t } = useTranslation('merchant');
  const update = useUpdateMerchantSettings();
  const [enabled, setEnabled] = useState(initialDays !== null);
  const [days, setDays] = useState(String(initialDays ?? 365));
  const [error, setError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const value = Number(days);
    if (enabled && (!Number.isInteger(value) || value < 1 || value > POINTS_EXPIRY_MAX_DAYS)) {
      setError(t('expiry.invalid'));
      return;
    }
    setError(null);
    update.mutate({ pointsExpiryDays: enabled ? value : null });
  }

  const saved = update.data;
  return (
    <form onSubmit={handleSubmit} className="space-y-4" noValidate>
      <fieldset disabled={update.isPending} className="space-y-4">
        <div className="flex items-center justify-between gap-4">
          <label htmlFor="expiry-enabled" className="font-medium text-slate-900 dark:text-white">
            {t('expiry.enabled')}
          </label>
          <Switch id="expiry-enabled" checked={enabled} onCheckedChange={setEnabled} />
        </div>
        {enabled ? (
          <Field
            id="expiry-days"
            label={t('expiry.days')}
            hint={t('expiry.daysHint')}
            error={error}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id="expiry-days"
                value={days}
                onChange={(e) => setDays(e.target.value.replace(/[^\d]/g, ''))}
                aria-describedby={describedBy}
                aria-invalid={invalid}
              />
            )}
          </Field>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit">{t('expiry.save')}</Button>
          {update.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('expiry.saveFailed')}
            </p>
          ) : saved ? (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {t('expiry.saved')} —{' '}
              {saved.pointsExpiryDays === null
                ? t('expiry.never')
                : t('expiry.after', { days: saved.pointsExpiryDays })}
            </p>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

/** The merchant's points-expiry setting (GET/PUT /api/merchants/settings). */
export function PointsExpiryCard() {
  const { t } = useTranslation('merchant');
  const settings = useMerchantSettings();
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('expiry.heading')}</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('expiry.description')}</p>
      </div>
      {settings.data ? <ExpiryForm initialDays={settings.data.pointsExpiryDays} /> : null}
    </Card>
  );
}
