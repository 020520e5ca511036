import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_EXPIRY_MAX_DAYS } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import { useMerchantSettings, useUpdateMerchantSettings } from '../api/merchant-settings';

interface ExpiryFormProps {
  initialDays: number | null;
}

/**
 * One save model (issue 27): the whole card is a form with Save — whether points expire and
 * after how many days — with no switch of its own. What was typed is checked as typed ("-3" is
 * an error, not 3), and a change that shortens customers' points' life asks first, in words.
 */
function ExpiryForm({ initialDays }: ExpiryFormProps) {
  const { t, i18n } = useTranslation('merchant');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const update = useUpdateMerchantSettings();
  const [savedDays, setSavedDays] = useState(initialDays);
  const [enabled, setEnabled] = useState(initialDays !== null);
  const [days, setDays] = useState(String(initialDays ?? 365));
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);

  function edited() {
    setError(null);
    // The old "Saved" belongs to the old value: it goes as soon as anything changes.
    if (update.data || update.isError) update.reset();
  }

  function save(value: number | null) {
    setConfirming(null);
    update.mutate(
      { pointsExpiryDays: value },
      { onSuccess: (settings) => setSavedDays(settings.pointsExpiryDays) },
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!enabled) return save(null);
    const typed = days.trim();
    const value = /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
    if (!Number.isInteger(value) || value < 1 || value > POINTS_EXPIRY_MAX_DAYS) {
      setError(t('expiry.invalid', { max: formatNumber(POINTS_EXPIRY_MAX_DAYS, language) }));
      return;
    }
    setError(null);
    // Shorter than before (or expiring where points never did) hits customers: confirm it.
    if (savedDays === null || value < savedDays) return setConfirming(value);
    save(value);
  }

  const saved = update.data;
  return (
    <form onSubmit={handleSubmit} className="space-y-4" noValidate data-testid="expiry-form">
      <fieldset disabled={update.isPending} className="space-y-4">
        <legend className="sr-only">{t('expiry.heading')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {([false, true] as const).map((option) => (
            <label
              key={String(option)}
              className="flex items-center gap-2 text-sm font-medium text-slate-900 dark:text-white"
            >
              <input
                type="radio"
                name="expiry-mode"
                checked={enabled === option}
                onChange={() => {
                  setEnabled(option);
                  edited();
                }}
                className="size-4 accent-brand-600"
              />
              {option ? t('expiry.enabled') : t('expiry.neverOption')}
            </label>
          ))}
        </div>
        {enabled ? (
          <Field
            id="expiry-days"
            label={t('expiry.days')}
            hint={t('expiry.daysHint', { max: formatNumber(POINTS_EXPIRY_MAX_DAYS, language) })}
            error={error}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id="expiry-days"
                value={days}
                onChange={(e) => {
                  setDays(e.target.value);
                  edited();
                }}
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
                : t('expiry.after', {
                    days: formatNumber(saved.pointsExpiryDays, language),
                    count: saved.pointsExpiryDays,
                  })}
            </p>
          ) : null}
        </div>
      </fieldset>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        tone="primary"
        title={t('expiry.confirmTitle')}
        description={
          confirming === null
            ? ''
            : t(savedDays === null ? 'expiry.confirmStart' : 'expiry.confirmShorter', {
                days: formatNumber(confirming, language),
                count: confirming,
                before: formatNumber(savedDays ?? 0, language),
              })
        }
        confirmLabel={t('expiry.confirm')}
        onConfirm={() => save(confirming)}
      />
    </form>
  );
}

/** The merchant's points-expiry setting (GET/PUT /api/merchants/settings). */
export function PointsExpiryCard() {
  const { t } = useTranslation('merchant');
  const settings = useMerchantSettings();
  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid="expiry-card">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('expiry.heading')}</h2>
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('expiry.description')}</p>
      </div>
      {settings.data ? <ExpiryForm initialDays={settings.data.pointsExpiryDays} /> : null}
    </Card>
  );
}
