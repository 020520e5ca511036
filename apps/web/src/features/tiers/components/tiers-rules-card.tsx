import type { UseFormRegister, UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TIER_BASES, TIER_WINDOWS, type TierBasis, type TierWindow } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { useValidationText } from '../../../lib/validation';
import type { TiersDraft } from '../lib/tiers-draft';
import { ChoiceGroup } from './choice-group';

interface TiersRulesCardProps {
  basis: TierBasis;
  window: TierWindow;
  graceError: string | undefined;
  register: UseFormRegister<TiersDraft>;
  setValue: UseFormSetValue<TiersDraft>;
}

/** How shoppers qualify: what counts (basis), over which window, and the grace before a drop. */
export function TiersRulesCard({
  basis,
  window,
  graceError,
  register,
  setValue,
}: TiersRulesCardProps) {
  const { t } = useTranslation('tiers');
  const validationText = useValidationText();
  return (
    <Card className="space-y-5 p-5 sm:p-6">
      <div>
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('rules.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('rules.description')}</p>
      </div>
      <div className="grid gap-5 md:grid-cols-2">
        <ChoiceGroup
          legend={t('rules.basis')}
          name="basis"
          value={basis}
          options={TIER_BASES.map((option) => ({
            value: option,
            label: t(`basis.${option}`),
            hint: t(`basis.${option}Hint`),
          }))}
          onChange={(next) => setValue('basis', next, { shouldDirty: true })}
        />
        <ChoiceGroup
          legend={t('rules.window')}
          name="window"
          value={window}
          options={TIER_WINDOWS.map((option) => ({
            value: option,
            label: t(`window.${option}`),
            hint: t(`window.${option}Hint`),
          }))}
          onChange={(next) => setValue('window', next, { shouldDirty: true })}
        />
      </div>
      <Field
        id="tiers-grace"
        label={t('rules.grace')}
        hint={t('rules.graceHint')}
        error={validationText(graceError)}
        className="max-w-xs"
      >
        {({ describedBy, invalid }) => (
          <NumberInput
            id="tiers-grace"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('graceDays')}
          />
        )}
      </Field>
    </Card>
  );
}
