import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useTranslation } from 'react-i18next';
import { Coins, Save } from 'lucide-react';
import {
  HALALAS_PER_RIYAL,
  LOYALTY_DEFAULTS,
  SaveLoyaltyRuleRequestSchema,
  amountPoints,
  orderPoints,
  type LoyaltyRule,
  type SaveLoyaltyRuleInput,
  type SaveLoyaltyRuleRequest,
} from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { cn } from '../../../lib/cn';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { failureDetail, type Message } from '../../../lib/messages';
import { parseNumber } from '../../../lib/number-input';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { MethodBadge } from './method-badge';
import { withPointsCheck } from './points-field';
import { useSaveLoyaltyRule } from '../api/save-loyalty-rule';

interface PerRiyalValues {
  event: 'purchase_amount';
  points: number;
  spendUnit: number;
  minOrderTotal: number;
  maxPerCustomer: number | null;
}

/**
 * As on a method's form: saving earns at least one point. One save model (issue 27): the switch
 * in the header turns the method on or off at once (on is confirmed with its effect in words);
 * the form's Save changes the rate of a method that is on.
 */
const resolver = withPointsCheck(
  zodResolver(SaveLoyaltyRuleRequestSchema, formSchemaOptions) as unknown as Resolver<
    PerRiyalValues,
    unknown,
    SaveLoyaltyRuleRequest
  >,
);

/** The example order of the preview, in riyals. */
const EXAMPLE_RIYALS = 250;

const n = <bdi dir="ltr" className="font-semibold" />;

function valuesOf(rule: LoyaltyRule | undefined, points: number): PerRiyalValues {
  return {
    event: 'purchase_amount',
    points,
    spendUnit: rule?.spendUnit ?? LOYALTY_DEFAULTS.spendUnit,
    minOrderTotal: rule?.minOrderTotal ?? LOYALTY_DEFAULTS.minOrderTotal,
    maxPerCustomer: rule?.maxPerCustomer ?? null,
  };
}

const validInt = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

export interface PointsPerRiyalCardProps {
  /** The saved purchase_amount rule; undefined while the rules load. */
  rule: LoyaltyRule | undefined;
  /** The fixed points per order, for the preview. */
  orderRule: LoyaltyRule | undefined;
  /** false while the store earns nothing (see CollectionMethods). */
  earning?: boolean;
}

/**
 * Points per riyal spent (the `purchase_amount` method, docs/decisions/010): "N points per M SAR"
 * with the minimum order total and a preview computed with the engine's rounding.
 */
export function PointsPerRiyalCard({ rule, orderRule, earning = true }: PointsPerRiyalCardProps) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const validationText = useValidationText();
  const toast = useToast();
  const save = useSaveLoyaltyRule();
  const [failure, setFailure] = useState<{ message: Message; detail: Message | null } | null>(null);
  const [confirmOn, setConfirmOn] = useState<SaveLoyaltyRuleRequest | null>(null);
  const enabled = rule?.enabled ?? false;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<PerRiyalValues, unknown, SaveLoyaltyRuleRequest>({
    resolver,
    values: valuesOf(rule, enabled ? rule!.points : LOYALTY_DEFAULTS.purchaseAmountPoints),
    resetOptions: { keepDirtyValues: true },
  });
  const [points, spendUnit, minOrderTotal] = useWatch({
    control,
    name: ['points', 'spendUnit', 'minOrderTotal'],
  });
  const busy = isSubmitting || save.isPending;

  async function send(values: SaveLoyaltyRuleInput, kind: 'save' | 'off') {
    setFailure(null);
    try {
      const before = rule;
      const saved = await save.mutateAsync(values);
      if (saved.enabled)
        toast({
          key: 'loyalty:perRiyal.saved',
          values: {
            count: saved.points,
            points: formatNumber(saved.points, language),
            unit: formatNumber(saved.spendUnit ?? LOYALTY_DEFAULTS.spendUnit, language),
          },
        });
      else
        toast(
          { key: 'loyalty:perRiyal.turnedOff' },
          before?.enabled
            ? {
                action: {
                  label: { key: 'loyalty:methods.undo' },
                  onClick: () => void send(valuesOf(before, before.points), 'save'),
                },
              }
            : undefined,
        );
    } catch (error) {
      setFailure({
        message: {
          key: kind === 'save' ? 'loyalty:perRiyal.saveFailed' : 'loyalty:perRiyal.turnOffFailed',
        },
        detail: failureDetail(error),
      });
    }
  }

  const submit = handleSubmit((values) => send(values, 'save'));
  // Switching on checks the typed rate first, then asks with the effect in words.
  const askOn = handleSubmit((values) => setConfirmOn(values));
  // Turning off saves 0 points and keeps the rate for later, as the other methods do.
  const turnOff = () => send(valuesOf(rule, 0), 'off');

  // The preview only for values the server would accept.
  const previewable = validInt(points, 1) && validInt(spendUnit, 1) && validInt(minOrderTotal, 0);
  const exampleHalalas = EXAMPLE_RIYALS * HALALAS_PER_RIYAL;
  const perAmount = previewable
    ? {
        points,
        spendUnitHalalas: spendUnit * HALALAS_PER_RIYAL,
        minOrderTotalHalalas: minOrderTotal * HALALAS_PER_RIYAL,
      }
    : null;
  const fromRule =
    perAmount && exampleHalalas >= perAmount.minOrderTotalHalalas
      ? amountPoints(exampleHalalas, perAmount)
      : 0;
  const perOrder =
    orderRule?.enabled && orderRule.points > 0
      ? {
          points: orderRule.points,
          minOrderTotalHalalas: (orderRule.minOrderTotal ?? 0) * HALALAS_PER_RIYAL,
        }
      : null;
  const total = orderPoints({
    spendHalalas: exampleHalalas,
    totalHalalas: exampleHalalas,
    perAmount,
    perOrder,
  });

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="points-per-riyal">
      <div className="flex items-start gap-3">
        <span
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
            enabled
              ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300'
              : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
          )}
        >
          <Coins aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="per-riyal-heading" className="text-lg font-bold text-slate-900 dark:text-white">
              {t('perRiyal.heading')}
            </h2>
            <div className="flex items-center gap-3">
              <MethodBadge enabled={enabled} earning={earning} />
              <Switch
                checked={enabled}
                disabled={busy || !rule}
                aria-label={t('perRiyal.switch')}
                onCheckedChange={(on) => (on ? void askOn() : void turnOff())}
              />
            </div>
          </div>
          <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">
            {enabled && rule?.spendUnit ? (
              <Trans
                t={t}
                i18nKey="perRiyal.rate"
                count={rule.points}
                values={{
                  points: formatNumber(rule.points, language),
                  unit: formatNumber(rule.spendUnit, language),
                }}
                components={{ n }}
              />
            ) : (
              <span className="font-normal text-slate-500 dark:text-slate-400">
                {t('perRiyal.off')}
              </span>
            )}
          </p>
          <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
            {t('perRiyal.description')}
          </p>
        </div>
      </div>

      <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="per-riyal-heading">
        <fieldset disabled={busy || !rule} className="space-y-5">
          <ActionError message={failure?.message ?? null} detail={failure?.detail} />
          <div className="grid gap-4 sm:grid-cols-3">
            <Field
              id="per-riyal-points"
              label={t('perRiyal.points')}
              error={validationText(errors.points?.message)}
            >
              {({ describedBy, invalid }) => (
                <NumberInput
                  id="per-riyal-points"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register('points', { setValueAs: parseNumber })}
                />
              )}
            </Field>
            <Field
              id="per-riyal-unit"
              label={t('perRiyal.spendUnit')}
              error={validationText(errors.spendUnit?.message)}
            >
              {({ describedBy, invalid }) => (
                <NumberInput
                  id="per-riyal-unit"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register('spendUnit', { setValueAs: parseNumber })}
                />
              )}
            </Field>
            <Field
              id="per-riyal-min"
              label={t('perRiyal.minOrderTotal')}
              hint={t('perRiyal.minOrderTotalHint')}
              error={validationText(errors.minOrderTotal?.message)}
            >
              {({ describedBy, invalid }) => (
                <NumberInput
                  id="per-riyal-min"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  {...register('minOrderTotal', { setValueAs: parseNumber })}
                />
              )}
            </Field>
          </div>

          {previewable ? (
            <p
              className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
              data-testid="per-riyal-example"
            >
              <Trans
                t={t}
                i18nKey="perRiyal.example"
                values={{
                  amount: formatCurrency(EXAMPLE_RIYALS, language),
                  points: formatNumber(fromRule, language),
                }}
                components={{ n }}
              />
              {perOrder && total > fromRule ? (
                <>
                  {' '}
                  <Trans
                    t={t}
                    i18nKey="perRiyal.exampleWithOrder"
                    values={{
                      orderPoints: formatNumber(total - fromRule, language),
                      total: formatNumber(total, language),
                    }}
                    components={{ n }}
                  />
                </>
              ) : null}
            </p>
          ) : null}

          {enabled ? (
            <div className="flex justify-end">
              <Button type="submit" loading={busy}>
                {busy ? null : <Save aria-hidden="true" className="size-4" />}
                {t('perRiyal.save')}
              </Button>
            </div>
          ) : null}
        </fieldset>
      </form>
      <ConfirmDialog
        open={confirmOn !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmOn(null))}
        tone="primary"
        title={t('perRiyal.confirmTitle')}
        description={
          confirmOn
            ? t('perRiyal.confirmText', {
                count: confirmOn.points,
                points: formatNumber(confirmOn.points, language),
                unit: formatCurrency(
                  'spendUnit' in confirmOn ? confirmOn.spendUnit : LOYALTY_DEFAULTS.spendUnit,
                  language,
                ),
              })
            : ''
        }
        confirmLabel={t('perRiyal.confirm')}
        onConfirm={() => {
          const values = confirmOn;
          setConfirmOn(null);
          if (values) void send(values, 'save');
        }}
      />
    </Card>
  );
}
