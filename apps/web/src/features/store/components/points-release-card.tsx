import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ORDER_STATUS_LABELS,
  POINTS_SPENDABLE_STATUSES,
  PointsHoldDaysSchema,
  type PointsSpendableStatus,
} from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { formatNumber } from '../../../lib/format';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { parseNumber } from '../../../lib/number-input';
import { useMerchantSettings, useUpdateMerchantSettings } from '../api/merchant-settings';

/** Statuses before payment or shipping is confirmed (a bank transfer under review, for one). */
const EARLY: readonly PointsSpendableStatus[] = ['under_review', 'in_progress'];

interface ReleaseFormProps {
  initialStatuses: PointsSpendableStatus[];
  initialHoldDays: number;
}

function ReleaseForm({ initialStatuses, initialHoldDays }: ReleaseFormProps) {
  const { t, i18n } = useTranslation('merchant');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const update = useUpdateMerchantSettings();
  const [statuses, setStatuses] = useState<PointsSpendableStatus[]>(initialStatuses);
  const [days, setDays] = useState(String(initialHoldDays));
  const [errors, setErrors] = useState<{ statuses?: string; days?: string }>({});

  function toggle(slug: PointsSpendableStatus, checked: boolean) {
    setStatuses((current) =>
      POINTS_SPENDABLE_STATUSES.filter((s) => (s === slug ? checked : current.includes(s))),
    );
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const holdDays = PointsHoldDaysSchema.safeParse(parseNumber(days));
    const next = {
      statuses: statuses.length === 0 ? t('release.noStatus') : undefined,
      days: holdDays.success ? undefined : t('release.invalidDays'),
    };
    setErrors(next);
    if (next.statuses || next.days || !holdDays.success) return;
    update.mutate({ pointsSpendableOn: statuses, pointsHoldDays: holdDays.data });
  }

  const saved = update.data;
  const names = (slugs: readonly PointsSpendableStatus[]) =>
    slugs.map((slug) => ORDER_STATUS_LABELS[slug][language]).join(t('release.or'));
  const early = statuses.some((slug) => EARLY.includes(slug));
  return (
    <form onSubmit={handleSubmit} className="space-y-5" noValidate>
      <fieldset disabled={update.isPending} className="space-y-5">
        <fieldset
          className="space-y-3"
          aria-describedby={errors.statuses ? 'release-statuses-error' : 'release-statuses-hint'}
        >
          <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
            {t('release.statuses')}
          </legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {POINTS_SPENDABLE_STATUSES.map((slug) => (
              <label
                key={slug}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 text-sm font-medium text-slate-800 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600 dark:border-slate-700 dark:text-slate-100 dark:has-checked:border-brand-400 dark:has-checked:bg-brand-500/10"
              >
                <input
                  type="checkbox"
                  name="pointsSpendableOn"
                  value={slug}
                  checked={statuses.includes(slug)}
                  onChange={(e) => toggle(slug, e.target.checked)}
                  className="size-4 shrink-0 accent-brand-600"
                />
                {ORDER_STATUS_LABELS[slug][language]}
              </label>
            ))}
          </div>
          {errors.statuses ? (
            <p
              id="release-statuses-error"
              role="alert"
              className="text-sm font-medium text-red-600 dark:text-red-400"
            >
              {errors.statuses}
            </p>
          ) : (
            <p id="release-statuses-hint" className="text-xs text-slate-500 dark:text-slate-400">
              {t('release.statusesHint')}
            </p>
          )}
          {early ? (
            <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/60 dark:text-amber-100">
              {t('release.earlyWarning')}
            </p>
          ) : null}
        </fieldset>

        <Field
          id="release-hold-days"
          label={t('release.holdDays')}
          hint={t('release.holdDaysHint')}
          error={errors.days}
          className="max-w-xs"
        >
          {({ describedBy, invalid }) => (
            <NumberInput
              id="release-hold-days"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
            />
          )}
        </Field>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" loading={update.isPending}>
            {t('release.save')}
          </Button>
          {update.isError ? (
            <p role="alert" className="text-sm text-red-600 dark:text-red-400">
              {t('release.saveFailed')}
            </p>
          ) : saved ? (
            <p role="status" className="text-sm text-emerald-700 dark:text-emerald-300">
              {t('release.saved')} —{' '}
              {saved.pointsHoldDays > 0
                ? t('release.summaryHold', {
                    days: formatNumber(saved.pointsHoldDays, language),
                    count: saved.pointsHoldDays,
                    statuses: names(saved.pointsSpendableOn),
                  })
                : t('release.summary', { statuses: names(saved.pointsSpendableOn) })}
            </p>
          ) : null}
        </div>
      </fieldset>
    </form>
  );
}

/**
 * When an order's points stop being pending (GET/PUT /api/merchants/settings): the order statuses
 * the merchant chooses and a holding period after them (docs/decisions/010).
 */
export function PointsReleaseCard() {
  const { t } = useTranslation('merchant');
  const settings = useMerchantSettings();
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('release.heading')}</h2>
        <p className="text-sm leading-relaxed text-slate-500 dark:text-slate-400">
          {t('release.description')}
        </p>
      </div>
      {settings.data ? (
        <ReleaseForm
          initialStatuses={settings.data.pointsSpendableOn}
          initialHoldDays={settings.data.pointsHoldDays}
        />
      ) : null}
    </Card>
  );
}
