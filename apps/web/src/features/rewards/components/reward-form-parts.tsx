import { useTranslation } from 'react-i18next';
import { Controller, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { Lock, Plus, Trash2 } from 'lucide-react';
import {
  REWARD_LIMITS,
  REWARD_TYPES,
  type PlanId,
  type RewardRequest,
  type RewardRequestInput,
  type RewardType,
} from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { tierName, type TierOption } from '../../../components/ui/tier-badge';
import { cn } from '../../../lib/cn';
import { parseNumber, parseOptionalNumber } from '../../../lib/number-input';
import { useValidationText } from '../../../lib/validation';
import { REWARD_ICONS, isTypeLocked } from './reward-meta';

/** The reward form's state, shared with the parts below. */
export type RewardFormApi = UseFormReturn<RewardRequestInput, unknown, RewardRequest>;

interface PartProps {
  form: RewardFormApi;
  /** The form's element ids (one form per reward on the page). */
  id: (name: string) => string;
}

/** The reward types as cards; a type above the store's plan is shown locked. */
export function RewardTypePicker({
  plan,
  type,
  onChoose,
}: {
  plan: PlanId | null | undefined;
  type: RewardType | undefined;
  onChoose: (type: RewardType) => void;
}) {
  const { t } = useTranslation('rewards');
  const anyLocked = REWARD_TYPES.some((option) => isTypeLocked(option, plan));
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('form.type')}
      </legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {REWARD_TYPES.map((option) => {
          const Icon = REWARD_ICONS[option];
          const locked = isTypeLocked(option, plan);
          return (
            <label
              key={option}
              className={cn(
                'relative flex cursor-pointer flex-col gap-2 rounded-xl border p-3 text-sm font-medium transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                type === option
                  ? 'border-brand-600 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-500/15 dark:text-brand-100'
                  : 'border-slate-200 text-slate-700 hover:border-slate-300 dark:border-slate-700 dark:text-slate-200',
                locked && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="type"
                value={option}
                checked={type === option}
                disabled={locked}
                onChange={() => onChoose(option)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              <span>{t(`types.${option}`)}</span>
              {locked ? (
                <span className="inline-flex items-center gap-1 text-xs text-amber-700 dark:text-amber-300">
                  <Lock aria-hidden="true" className="size-3" />
                  {t('form.growthOnly')}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
      {anyLocked ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.growthHint')}</p>
      ) : null}
    </fieldset>
  );
}

/** The products a free-product reward gives, up to the limit. */
export function FreeProductsFields({
  form,
  products,
  id,
}: PartProps & { products: UseFieldArrayReturn<RewardRequestInput, 'freeProducts'> }) {
  const { t } = useTranslation('rewards');
  const validationText = useValidationText();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <fieldset className="space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <legend className="sr-only">{t('form.freeProducts')}</legend>
      <div aria-hidden="true" className="text-sm font-medium text-slate-700 dark:text-slate-200">
        {t('form.freeProducts')}
      </div>
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('form.freeProductsHint')}</p>
      {errors.freeProducts?.message || errors.freeProducts?.root?.message ? (
        <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {validationText(errors.freeProducts?.message ?? errors.freeProducts?.root?.message)}
        </p>
      ) : null}
      <ul className="space-y-3">
        {products.fields.map((product, index) => (
          <li
            key={product.id}
            className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end dark:border-slate-700 dark:bg-slate-900"
            aria-label={t('form.productLabel', { number: index + 1 })}
          >
            <Field
              id={id(`product-${index}-id`)}
              label={t('form.productId')}
              error={validationText(errors.freeProducts?.[index]?.id?.message)}
            >
              {({ describedBy, invalid }) => (
                <Input
                  id={id(`product-${index}-id`)}
                  dir="ltr"
                  autoComplete="off"
                  className="rtl:text-end"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register(`freeProducts.${index}.id`)}
                />
              )}
            </Field>
            <Field
              id={id(`product-${index}-name`)}
              label={t('form.productName')}
              error={validationText(errors.freeProducts?.[index]?.name?.message)}
            >
              {({ describedBy, invalid }) => (
                <Input
                  id={id(`product-${index}-name`)}
                  autoComplete="off"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register(`freeProducts.${index}.name`)}
                />
              )}
            </Field>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t('form.removeProduct', { number: index + 1 })}
              onClick={() => products.remove(index)}
              className="text-red-700 dark:text-red-300"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ul>
      {products.fields.length < REWARD_LIMITS.freeProducts.max ? (
        <Button variant="secondary" size="sm" onClick={() => products.append({ id: '', name: '' })}>
          <Plus aria-hidden="true" className="size-4" />
          {t('form.addProduct')}
        </Button>
      ) : null}
    </fieldset>
  );
}

/** Uses, minimum order and the coupon's validity. */
export function RewardLimitsFields({ form, id }: PartProps) {
  const { t } = useTranslation('rewards');
  const validationText = useValidationText();
  const {
    register,
    formState: { errors },
  } = form;
  return (
    <div className="grid gap-5 sm:grid-cols-3">
      <Field
        id={id('max-usage')}
        label={t('form.maxUsage')}
        hint={t('form.maxUsageHint')}
        error={validationText(errors.maxUsage?.message)}
      >
        {({ describedBy, invalid }) => (
          <NumberInput
            id={id('max-usage')}
            placeholder={t('form.maxUsagePlaceholder')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('maxUsage', { setValueAs: parseOptionalNumber })}
          />
        )}
      </Field>
      <Field
        id={id('min-order')}
        label={t('form.minOrderAmount')}
        hint={t('form.minOrderAmountHint')}
        error={validationText(errors.minOrderAmount?.message)}
      >
        {({ describedBy, invalid }) => (
          <NumberInput
            id={id('min-order')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('minOrderAmount', { setValueAs: parseNumber })}
          />
        )}
      </Field>
      <Field
        id={id('valid-days')}
        label={t('form.couponValidDays')}
        hint={t('form.couponValidDaysHint')}
        error={validationText(errors.couponValidDays?.message)}
      >
        {({ describedBy, invalid }) => (
          <NumberInput
            id={id('valid-days')}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...register('couponValidDays', { setValueAs: parseNumber })}
          />
        )}
      </Field>
    </div>
  );
}

/** The lowest VIP tier that may redeem the reward (none: everyone). */
export function RewardTierField({ form, id, tiers }: PartProps & { tiers: TierOption[] }) {
  const { t, i18n } = useTranslation('rewards');
  const validationText = useValidationText();
  const {
    control,
    formState: { errors },
  } = form;
  return (
    <Field
      id={id('tier')}
      label={t('tier.label')}
      hint={t('tier.hint')}
      error={validationText(errors.minTierId?.message)}
    >
      {({ describedBy, invalid }) => (
        <Controller
          control={control}
          name="minTierId"
          render={({ field }) => (
            <Select
              id={id('tier')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              value={field.value ?? ''}
              onChange={(event) => field.onChange(event.target.value || null)}
              onBlur={field.onBlur}
            >
              <option value="">{t('tier.everyone')}</option>
              {tiers.map((tier) => (
                <option key={tier.id} value={tier.id}>
                  {t('tier.option', { name: tierName(tier, i18n.language) })}
                </option>
              ))}
              {field.value && !tiers.some((tier) => tier.id === field.value) ? (
                <option value={field.value}>{t('tier.unknown')}</option>
              ) : null}
            </Select>
          )}
        />
      )}
    </Field>
  );
}
