import { useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  LOYALTY_DEFAULTS,
  SaveLoyaltyRuleRequestSchema,
  type LoyaltyRule,
  type SaveLoyaltyRuleInput,
  type SaveLoyaltyRuleRequest,
} from '@nuqat/contracts';
import { useToast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { failureDetail, type Message } from '../../../lib/messages';
import { formSchemaOptions } from '../../../lib/validation';
import { useSaveLoyaltyRule } from '../api/save-loyalty-rule';
import { withPointsCheck } from '../components/points-field';

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

function valuesOf(rule: LoyaltyRule | undefined, points: number): PerRiyalValues {
  return {
    event: 'purchase_amount',
    points,
    spendUnit: rule?.spendUnit ?? LOYALTY_DEFAULTS.spendUnit,
    minOrderTotal: rule?.minOrderTotal ?? LOYALTY_DEFAULTS.minOrderTotal,
    maxPerCustomer: rule?.maxPerCustomer ?? null,
  };
}

/**
 * The points-per-riyal form's state (the `purchase_amount` method): its fields, the values the
 * preview follows, saving with its toast (and undo on turning off), and the confirmation asked
 * before switching on.
 */
export function usePerRiyalRule(rule: LoyaltyRule | undefined) {
  const { i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
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
  /** The confirmation's answer: saves the rate it asked about. */
  const confirm = () => {
    const values = confirmOn;
    setConfirmOn(null);
    if (values) void send(values, 'save');
  };
  const cancelConfirm = () => setConfirmOn(null);

  return {
    enabled,
    busy,
    register,
    errors,
    failure,
    watched: { points, spendUnit, minOrderTotal },
    submit,
    askOn,
    turnOff,
    confirmOn,
    confirm,
    cancelConfirm,
  };
}
