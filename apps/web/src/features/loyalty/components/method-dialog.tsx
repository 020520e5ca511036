import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import {
  LOYALTY_DEFAULTS,
  LOYALTY_LIMITS,
  RULE_EVENT_FIELD,
  SaveLoyaltyRuleRequestSchema,
  type LoyaltyRule,
  type RuleEvent,
  type SaveLoyaltyRuleInput,
  type SaveLoyaltyRuleRequest,
} from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { useToast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { failureDetail, type Message } from '../../../lib/messages';
import { parseNumber } from '../../../lib/number-input';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { useSaveLoyaltyRule } from '../api/save-loyalty-rule';
import { METHOD_META } from './method-meta';
import { withPointsCheck } from './points-field';

/** The form holds every field any method may have; the contract keeps only the method's own. */
interface MethodFormValues {
  event: RuleEvent;
  points: number;
  maxPerCustomer: number | null;
  minRating?: number;
  requiredPurchases?: number;
  minOrderTotal?: number;
}

const resolver = withPointsCheck(
  zodResolver(SaveLoyaltyRuleRequestSchema, formSchemaOptions) as unknown as Resolver<
    MethodFormValues,
    unknown,
    SaveLoyaltyRuleRequest
  >,
);

/** Signing up happens once per shopper; a cap on it would mean nothing. */
const hasCap = (event: RuleEvent) => event !== 'signup';

/**
 * The save request of `rule` with `points`, keeping its conditions and cap (a method that is off
 * opens with the spec's 30 points; its own field with its default). Also what the card's switch
 * sends: 0 points switches it off, its old points switch it back on.
 */
export function ruleRequestFor(rule: LoyaltyRule, points: number): MethodFormValues {
  const values: MethodFormValues = {
    event: rule.event,
    points,
    maxPerCustomer: hasCap(rule.event) ? rule.maxPerCustomer : null,
  };
  switch (RULE_EVENT_FIELD[rule.event]) {
    case 'minRating':
      values.minRating = rule.minRating ?? LOYALTY_DEFAULTS.minRating;
      break;
    case 'requiredPurchases':
      values.requiredPurchases = rule.requiredPurchases ?? LOYALTY_DEFAULTS.requiredPurchases;
      break;
    case 'minOrderTotal':
      values.minOrderTotal = rule.minOrderTotal ?? LOYALTY_DEFAULTS.minOrderTotal;
      break;
  }
  if (!hasCap(rule.event)) delete (values as Partial<MethodFormValues>).maxPerCustomer;
  return values;
}

interface Failure {
  message: Message;
  detail: Message | null;
}

interface MethodFormProps {
  rule: LoyaltyRule;
  onDone: () => void;
  onBusyChange: (busy: boolean) => void;
}

function MethodForm({ rule, onDone, onBusyChange }: MethodFormProps) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const validationText = useValidationText();
  const toast = useToast();
  const save = useSaveLoyaltyRule();
  const [failure, setFailure] = useState<Failure | null>(null);
  const field = RULE_EVENT_FIELD[rule.event];
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm<MethodFormValues, unknown, SaveLoyaltyRuleRequest>({
    resolver,
    defaultValues: ruleRequestFor(rule, rule.enabled ? rule.points : LOYALTY_DEFAULTS.points),
  });
  const capped = useWatch({ control, name: 'maxPerCustomer' }) != null;
  const busy = isSubmitting || save.isPending;

  async function send(values: SaveLoyaltyRuleInput) {
    setFailure(null);
    onBusyChange(true);
    try {
      const saved = await save.mutateAsync(values);
      toast({
        key: 'loyalty:methodDialog.saved',
        values: {
          method: t(`methods.events.${METHOD_META[rule.event].slug}.name`),
          count: saved.points,
          points: formatNumber(saved.points, language),
        },
      });
      onDone();
    } catch (error) {
      setFailure({
        message: { key: 'loyalty:methodDialog.saveFailed' },
        detail: failureDetail(error),
      });
    } finally {
      onBusyChange(false);
    }
  }

  const submit = handleSubmit((values) => send(values));

  const id = (name: string) => `method-${rule.event.replace('.', '-')}-${name}`;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="method-form">
      <fieldset disabled={busy} className="space-y-5">
        <ActionError message={failure?.message ?? null} detail={failure?.detail} />
        <Field
          id={id('points')}
          label={t('methodDialog.points')}
          hint={t('methodDialog.pointsHint')}
          error={validationText(errors.points?.message)}
        >
          {({ describedBy, invalid }) => (
            <NumberInput
              id={id('points')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('points', { setValueAs: parseNumber })}
            />
          )}
        </Field>

        {field === 'minRating' ? (
          <Field
            id={id('rating')}
            label={t('methodDialog.minRating')}
            error={validationText(errors.minRating?.message)}
          >
            {({ describedBy, invalid }) => (
              <Select
                id={id('rating')}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register('minRating', { setValueAs: parseNumber })}
              >
                {Array.from(
                  { length: LOYALTY_LIMITS.minRating.max - LOYALTY_LIMITS.minRating.min + 1 },
                  (_, index) => index + LOYALTY_LIMITS.minRating.min,
                ).map((stars) => (
                  <option key={stars} value={stars}>
                    {t('methodDialog.ratingOption', { stars })}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        ) : null}

        {field === 'requiredPurchases' ? (
          <Field
            id={id('purchases')}
            label={t('methodDialog.requiredPurchases')}
            hint={t('methodDialog.requiredPurchasesHint')}
            error={validationText(errors.requiredPurchases?.message)}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id={id('purchases')}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register('requiredPurchases', { setValueAs: parseNumber })}
              />
            )}
          </Field>
        ) : null}

        {field === 'minOrderTotal' ? (
          <Field
            id={id('min-total')}
            label={t('methodDialog.minOrderTotal')}
            hint={t('methodDialog.minOrderTotalHint')}
            error={validationText(errors.minOrderTotal?.message)}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id={id('min-total')}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                {...register('minOrderTotal', { setValueAs: parseNumber })}
              />
            )}
          </Field>
        ) : null}

        {hasCap(rule.event) ? (
          <div className="space-y-3 rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
            <label className="flex cursor-pointer items-start gap-3 text-sm font-medium text-slate-800 dark:text-slate-100">
              <input
                type="checkbox"
                checked={capped}
                onChange={(event) =>
                  setValue('maxPerCustomer', event.target.checked ? 1 : null, {
                    shouldDirty: true,
                  })
                }
                className="mt-0.5 size-4 shrink-0 accent-brand-600"
              />
              {t('methodDialog.capToggle')}
            </label>
            {capped ? (
              <Field
                id={id('cap')}
                label={t('methodDialog.capValue')}
                error={validationText(errors.maxPerCustomer?.message)}
              >
                {({ describedBy, invalid }) => (
                  <NumberInput
                    id={id('cap')}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    {...register('maxPerCustomer', { setValueAs: parseNumber })}
                  />
                )}
              </Field>
            ) : (
              <p className="text-xs text-slate-500 dark:text-slate-400">
                {t('methodDialog.capHint')}
              </p>
            )}
          </div>
        ) : null}

        <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center dark:border-slate-800">
          <div className="flex flex-col-reverse gap-2 sm:ms-auto sm:flex-row">
            <Button variant="secondary" onClick={onDone}>
              {t('methodDialog.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {busy ? null : <Save aria-hidden="true" className="size-4" />}
              {t('methodDialog.save')}
            </Button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}

export interface MethodDialogProps {
  /** The method being edited; null keeps the dialog closed. */
  rule: LoyaltyRule | null;
  onClose: () => void;
}

/** Spec §2: the modal for one collection method — points, its condition and the per-shopper cap. */
export function MethodDialog({ rule, onClose }: MethodDialogProps) {
  const { t } = useTranslation('loyalty');
  const [busy, setBusy] = useState(false);
  const name = rule ? t(`methods.events.${METHOD_META[rule.event].slug}.name`) : '';
  return (
    <Modal
      open={rule !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={t('methodDialog.title', { method: name })}
      description={rule ? t(`methods.events.${METHOD_META[rule.event].slug}.description`) : null}
      busy={busy}
      testId="method-dialog"
    >
      {rule ? (
        <MethodForm key={rule.event} rule={rule} onDone={onClose} onBusyChange={setBusy} />
      ) : null}
    </Modal>
  );
}
