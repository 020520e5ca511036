import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { LOYALTY_DEFAULTS, type LoyaltyRule } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { parseNumber } from '../../../lib/number-input';
import { useValidationText } from '../../../lib/validation';
import { usePerRiyalRule } from '../hooks/use-per-riyal-rule';
import { PerRiyalExample } from './per-riyal-example';
import { PerRiyalHeader } from './per-riyal-header';

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
  const form = usePerRiyalRule(rule);
  const { enabled, busy, register, errors, confirmOn } = form;

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="points-per-riyal">
      <PerRiyalHeader
        rule={rule}
        enabled={enabled}
        earning={earning}
        busy={busy}
        onSwitch={(on) => (on ? void form.askOn() : void form.turnOff())}
      />

      <form
        noValidate
        onSubmit={(event) => void form.submit(event)}
        aria-labelledby="per-riyal-heading"
      >
        <fieldset disabled={busy || !rule} className="space-y-5">
          <ActionError message={form.failure?.message ?? null} detail={form.failure?.detail} />
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

          <PerRiyalExample {...form.watched} orderRule={orderRule} />

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
        onOpenChange={(open) => (open ? undefined : form.cancelConfirm())}
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
        onConfirm={form.confirm}
      />
    </Card>
  );
}
