import { useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import {
  REWARD_DEFAULTS,
  REWARD_LIMITS,
  RewardRequestSchema,
  rewardHasValue,
  type PlanId,
  type Reward,
  type RewardRequest,
  type RewardRequestInput,
  type RewardType,
} from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { Textarea } from '../../../components/ui/textarea';
import { type TierOption } from '../../../components/ui/tier-badge';
import { useToast } from '../../../components/ui/toast';
import { isolate } from '../../../lib/format';
import { failureDetail, type Message } from '../../../lib/messages';
import { parseNumber } from '../../../lib/number-input';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { useCreateReward } from '../api/create-reward';
import { useUpdateReward } from '../api/update-reward';
import {
  FreeProductsFields,
  RewardLimitsFields,
  RewardTierField,
  RewardTypePicker,
} from './reward-form-parts';

/** Spec §9 for a new reward; an edited one starts from what it is. */
export function rewardFormValues(reward: Reward | null): RewardRequestInput {
  if (!reward) return { ...REWARD_DEFAULTS, nameEn: '', descriptionEn: '', freeProducts: [] };
  return {
    name: reward.name,
    nameEn: reward.nameEn ?? '',
    descriptionEn: reward.descriptionEn ?? '',
    type: reward.type,
    pointsRequired: reward.pointsRequired,
    // A type without a value stores 0; switching it to a discount starts from the default.
    value: rewardHasValue(reward.type) ? reward.value : REWARD_DEFAULTS.value,
    description: reward.description,
    isActive: reward.isActive,
    maxUsage: reward.maxUsage,
    minOrderAmount: reward.minOrderAmount,
    freeProducts: reward.freeProducts,
    couponValidDays: reward.couponValidDays,
    minTierId: reward.minTierId,
  };
}

const VALUE_LABEL = {
  fixed_discount: 'form.valueFixed',
  percentage_discount: 'form.valuePercentage',
  cashback: 'form.valueCashback',
} as const;

export interface RewardFormProps {
  /** null creates a new reward. */
  reward: Reward | null;
  plan: PlanId | null | undefined;
  /** The store's VIP tiers, lowest first; with none, the reward is for everyone. */
  tiers?: TierOption[];
  onDone: () => void;
  onBusyChange?: (busy: boolean) => void;
}

export function RewardForm({ reward, plan, tiers = [], onDone, onBusyChange }: RewardFormProps) {
  const { t } = useTranslation('rewards');
  const validationText = useValidationText();
  const toast = useToast();
  const create = useCreateReward();
  const update = useUpdateReward();
  const [failure, setFailure] = useState<{ message: Message; detail: Message | null } | null>(null);
  const form = useForm<RewardRequestInput, unknown, RewardRequest>({
    resolver: zodResolver(RewardRequestSchema, formSchemaOptions),
    defaultValues: rewardFormValues(reward),
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const products = useFieldArray({ control, name: 'freeProducts' });
  const type = useWatch({ control, name: 'type' });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    onBusyChange?.(true);
    try {
      if (reward) await update.mutateAsync({ id: reward.id, reward: values });
      else await create.mutateAsync(values);
      toast({
        key: reward ? 'rewards:messages.saved' : 'rewards:messages.created',
        values: { name: isolate(values.name) },
      });
      onDone();
    } catch (error) {
      setFailure({ message: { key: 'rewards:messages.saveFailed' }, detail: failureDetail(error) });
    } finally {
      onBusyChange?.(false);
    }
  });

  // Hidden fields still go through the schema, so a type switch leaves nothing invalid behind.
  function chooseType(next: RewardType) {
    setValue('type', next, { shouldDirty: true });
    if (next === 'free_product') {
      if ((getValues('freeProducts') ?? []).length === 0) products.append({ id: '', name: '' });
    } else if ((getValues('freeProducts') ?? []).length > 0) {
      products.replace([]);
    }
    const value = getValues('value');
    const valid =
      typeof value === 'number' &&
      Number.isInteger(value) &&
      value >= REWARD_LIMITS.value.min &&
      value <= REWARD_LIMITS.value.max;
    if (!rewardHasValue(next) && !valid) {
      setValue('value', REWARD_DEFAULTS.value);
    }
  }

  const formId = reward ? `reward-${reward.id}` : 'reward-new';
  const id = (name: string) => `${formId}-${name}`;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="reward-form">
      <fieldset disabled={isSubmitting} className="space-y-5">
        <ActionError message={failure?.message ?? null} detail={failure?.detail} />

        <Field id={id('name')} label={t('form.name')} error={validationText(errors.name?.message)}>
          {({ describedBy, invalid }) => (
            <Input
              id={id('name')}
              autoComplete="off"
              placeholder={t('form.namePlaceholder')}
              maxLength={REWARD_LIMITS.name.max}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('name')}
            />
          )}
        </Field>
        <Field
          id={id('name-en')}
          label={t('form.nameEn')}
          hint={t('form.englishHint')}
          error={validationText(errors.nameEn?.message)}
        >
          {({ describedBy, invalid }) => (
            <Input
              id={id('name-en')}
              dir="ltr"
              lang="en"
              autoComplete="off"
              maxLength={REWARD_LIMITS.name.max}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('nameEn')}
            />
          )}
        </Field>

        <RewardTypePicker plan={plan} type={type} onChoose={chooseType} />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            id={id('points')}
            label={t('form.pointsRequired')}
            error={validationText(errors.pointsRequired?.message)}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id={id('points')}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register('pointsRequired', { setValueAs: parseNumber })}
              />
            )}
          </Field>

          {rewardHasValue(type) ? (
            <Field
              id={id('value')}
              label={t(VALUE_LABEL[type as keyof typeof VALUE_LABEL])}
              error={validationText(errors.value?.message)}
            >
              {({ describedBy, invalid }) => (
                <NumberInput
                  id={id('value')}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register('value', { setValueAs: parseNumber })}
                />
              )}
            </Field>
          ) : null}
        </div>

        {type === 'free_product' ? (
          <FreeProductsFields form={form} products={products} id={id} />
        ) : null}

        <Field
          id={id('description')}
          label={t('form.description')}
          error={validationText(errors.description?.message)}
        >
          {({ describedBy, invalid }) => (
            <Textarea
              id={id('description')}
              rows={3}
              maxLength={REWARD_LIMITS.description.max}
              placeholder={t('form.descriptionPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('description')}
            />
          )}
        </Field>
        <Field
          id={id('description-en')}
          label={t('form.descriptionEn')}
          hint={t('form.englishHint')}
          error={validationText(errors.descriptionEn?.message)}
        >
          {({ describedBy, invalid }) => (
            <Textarea
              id={id('description-en')}
              dir="ltr"
              lang="en"
              rows={2}
              maxLength={REWARD_LIMITS.description.max}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('descriptionEn')}
            />
          )}
        </Field>

        <RewardLimitsFields form={form} id={id} />

        {tiers.length > 0 || reward?.minTierId ? (
          <RewardTierField form={form} id={id} tiers={tiers} />
        ) : null}

        <div className="flex items-center justify-between gap-4 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
          <div>
            <label htmlFor={id('active')} className="font-medium text-slate-900 dark:text-white">
              {t('form.isActive')}
            </label>
            <p id={id('active-hint')} className="text-xs text-slate-500 dark:text-slate-400">
              {t('form.isActiveHint')}
            </p>
          </div>
          <Controller
            control={control}
            name="isActive"
            render={({ field }) => (
              <Switch
                id={id('active')}
                checked={field.value ?? true}
                onCheckedChange={field.onChange}
                aria-describedby={id('active-hint')}
              />
            )}
          />
        </div>

        {/* The save bar stays in view while the form scrolls (a phone shows a few fields at a time). */}
        <div
          data-testid="reward-form-actions"
          className="sticky -bottom-3 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-2 rounded-b-2xl border-t border-slate-200 bg-white px-5 pt-4 pb-5 sm:-bottom-6 sm:flex-row sm:justify-end dark:border-slate-800 dark:bg-slate-900"
        >
          <Button variant="secondary" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? null : <Save aria-hidden="true" className="size-4" />}
            {reward ? t('form.save') : t('form.create')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
