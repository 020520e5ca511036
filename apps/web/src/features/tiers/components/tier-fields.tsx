import { useController, useWatch, type Control, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Check, Trash2 } from 'lucide-react';
import { TIER_LIMITS, type TierBasis, type TiersRequest } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { TierBadge } from '../../../components/ui/tier-badge';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { useValidationText } from '../../../lib/validation';
import { multiplierPct, TIER_PALETTE, type TiersDraft } from '../lib/tiers-draft';

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface TierFieldsProps {
  index: number;
  control: Control<TiersDraft, unknown, TiersRequest>;
  register: UseFormRegister<TiersDraft>;
  errors: Record<string, string>;
  basis: TierBasis;
  /** Active rewards reserved for this tier (an existing tier), from the last load. */
  reservedRewards: number;
  onThresholdBlur: () => void;
  onRemove: () => void;
}

/** One tier of the editor: names, colour, entry threshold, multipliers. */
export function TierFields({
  index,
  control,
  register,
  errors,
  basis,
  reservedRewards,
  onThresholdBlur,
  onRemove,
}: TierFieldsProps) {
  const { t, i18n } = useTranslation('tiers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const validationText = useValidationText();
  const tier = useWatch({ control, name: `tiers.${index}` });
  const colour = useController({ control, name: `tiers.${index}.colour` });
  const id = (name: string) => `tier-${index}-${name}`;
  const error = (name: string) => validationText(errors[`tiers.${index}.${name}`]);
  const title = t('tier.title', { number: index + 1 });
  const pct = multiplierPct(tier.multiplier);
  const bonus = Number.isInteger(pct) && pct > 100 ? pct - 100 : null;
  const custom = !TIER_PALETTE.some((c) => c.hex === colour.field.value.toLowerCase());

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="tier-card" aria-labelledby={id('title')}>
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={id('title')} className="font-bold text-slate-900 dark:text-white">
            {title}
          </h3>
          {tier.nameAr.trim() || tier.nameEn.trim() ? (
            <TierBadge
              tier={{
                nameAr: tier.nameAr || tier.nameEn,
                nameEn: tier.nameEn || tier.nameAr,
                colour: HEX.test(tier.colour) ? tier.colour : '#94a3b8',
              }}
            />
          ) : null}
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          className="text-red-700 dark:text-red-300"
          aria-label={t('tier.remove', { title })}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">{t('tier.removeShort')}</span>
        </Button>
      </div>

      {reservedRewards > 0 ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          {t('tier.reserved', {
            count: reservedRewards,
            n: formatNumber(reservedRewards, language),
          })}
        </p>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('name-ar')} label={t('tier.nameAr')} error={error('nameAr')}>
          {({ describedBy, invalid }) => (
            <Input
              id={id('name-ar')}
              dir="rtl"
              lang="ar"
              autoComplete="off"
              maxLength={TIER_LIMITS.name.max}
              placeholder={t('tier.nameArPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register(`tiers.${index}.nameAr`)}
            />
          )}
        </Field>
        <Field id={id('name-en')} label={t('tier.nameEn')} error={error('nameEn')}>
          {({ describedBy, invalid }) => (
            <Input
              id={id('name-en')}
              dir="ltr"
              lang="en"
              autoComplete="off"
              className="rtl:text-end"
              maxLength={TIER_LIMITS.name.max}
              placeholder={t('tier.nameEnPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register(`tiers.${index}.nameEn`)}
            />
          )}
        </Field>
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
          {t('tier.colour')}
        </legend>
        <div className="flex flex-wrap items-center gap-1">
          {TIER_PALETTE.map((option) => {
            const checked = colour.field.value.toLowerCase() === option.hex;
            return (
              <label
                key={option.id}
                className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-full has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
              >
                <input
                  type="radio"
                  name={id('colour')}
                  value={option.hex}
                  checked={checked}
                  onChange={() => colour.field.onChange(option.hex)}
                  className="sr-only"
                  aria-label={t(`colours.${option.id}`)}
                />
                <span
                  aria-hidden="true"
                  className={cn(
                    'inline-flex size-8 items-center justify-center rounded-full text-white ring-offset-2 ring-offset-white dark:ring-offset-slate-900',
                    checked && 'ring-2 ring-slate-900 dark:ring-white',
                  )}
                  style={{ backgroundColor: option.hex }}
                >
                  {checked ? <Check className="size-4" /> : null}
                </span>
              </label>
            );
          })}
          <div className="ms-1 flex items-center gap-2">
            <label htmlFor={id('colour-hex')} className="sr-only">
              {t('tier.customColour')}
            </label>
            <span
              aria-hidden="true"
              className={cn(
                'size-8 shrink-0 rounded-full border border-slate-300 dark:border-slate-600',
                custom && 'ring-2 ring-slate-900 ring-offset-2 dark:ring-white',
              )}
              style={{
                backgroundColor: HEX.test(colour.field.value) ? colour.field.value : 'transparent',
              }}
            />
            <div className="w-32">
              <Input
                id={id('colour-hex')}
                dir="ltr"
                autoComplete="off"
                spellCheck={false}
                maxLength={7}
                className="font-mono rtl:text-end"
                value={colour.field.value}
                onChange={(event) => colour.field.onChange(event.target.value.trim())}
                onBlur={colour.field.onBlur}
                aria-invalid={Boolean(error('colour')) || undefined}
                aria-describedby={error('colour') ? id('colour-error') : undefined}
              />
            </div>
          </div>
        </div>
        {error('colour') ? (
          <p
            id={id('colour-error')}
            role="alert"
            className="text-sm font-medium text-red-600 dark:text-red-400"
          >
            {t('errors.colour')}
          </p>
        ) : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          id={id('threshold')}
          label={basis === 'spend' ? t('tier.thresholdSpend') : t('tier.thresholdPoints')}
          error={error('threshold')}
          hint={t('tier.thresholdHint')}
        >
          {({ describedBy, invalid }) => (
            <NumberInput
              id={id('threshold')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register(`tiers.${index}.threshold`, { onBlur: onThresholdBlur })}
            />
          )}
        </Field>
        <Field
          id={id('multiplier')}
          label={t('tier.multiplier')}
          error={error('multiplier')}
          hint={
            bonus === null
              ? t('tier.multiplierNone')
              : t('tier.multiplierHint', { bonus: formatNumber(bonus, language) })
          }
        >
          {({ describedBy, invalid }) => (
            // A multiplier reads ×1.25 in both languages: the sign at its left, the digits after.
            <div className="relative" dir="ltr">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-slate-500"
              >
                ×
              </span>
              <Input
                id={id('multiplier')}
                dir="ltr"
                inputMode="decimal"
                autoComplete="off"
                className="ps-8"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register(`tiers.${index}.multiplier`)}
              />
            </div>
          )}
        </Field>
        <Field
          id={id('birthday')}
          label={t('tier.birthday')}
          error={error('birthdayMultiplier')}
          hint={t('tier.birthdayHint')}
        >
          {({ describedBy, invalid }) => (
            <div className="relative" dir="ltr">
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-y-0 start-3 flex items-center text-slate-500"
              >
                ×
              </span>
              <Input
                id={id('birthday')}
                dir="ltr"
                inputMode="decimal"
                autoComplete="off"
                className="ps-8"
                placeholder={tier.multiplier}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register(`tiers.${index}.birthdayMultiplier`)}
              />
            </div>
          )}
        </Field>
      </div>
    </Card>
  );
}
