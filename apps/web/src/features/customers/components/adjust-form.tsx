import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Save } from 'lucide-react';
import { ADJUSTMENT_MAX, AdjustPointsBodySchema } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { failureDetail } from '../../../lib/messages';
import { parseNumber } from '../../../lib/number-input';
import { useAdjustPoints } from '../api/change-customer';

type Direction = 'add' | 'remove';

const newKey = () => crypto.randomUUID();

/**
 * Adds or removes points by hand, with a reason. One submit is one idempotency key: sending the
 * same values again after a lost answer reuses it (the API answers the first result, never a
 * second change); changing the values, or a success, starts a new one. Removing more than the
 * balance is refused by the API, never clipped.
 */
export function AdjustForm({ customerId, balance }: { customerId: string; balance: number }) {
  const { t, i18n } = useTranslation('customers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const showToast = useToast();
  const adjust = useAdjustPoints(customerId);
  const [direction, setDirection] = useState<Direction>('add');
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [key, setKey] = useState(newKey);
  const [errors, setErrors] = useState<{ points?: string; reason?: string }>({});

  function change(update: () => void) {
    update();
    // Other values are another submit: a new key, so the API never mistakes it for a retry.
    setKey(newKey());
    adjust.reset();
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const amount = parseNumber(points);
    const body = {
      points: direction === 'remove' ? -amount : amount,
      reason: reason.trim(),
      idempotencyKey: key,
    };
    const parsed = AdjustPointsBodySchema.safeParse(body);
    const found: typeof errors = {};
    if (!Number.isInteger(amount) || amount < 1 || amount > ADJUSTMENT_MAX)
      found.points = t('adjust.invalidPoints');
    if (!parsed.success && parsed.error.issues.some((i) => i.path[0] === 'reason'))
      found.reason = t('adjust.invalidReason');
    setErrors(found);
    if (found.points || found.reason || !parsed.success) return;
    adjust.mutate(parsed.data, {
      onSuccess: (result) => {
        const moved = Math.abs(result.points);
        showToast({
          key: result.points > 0 ? 'customers:adjust.added' : 'customers:adjust.removed',
          values: {
            count: moved,
            points: formatNumber(moved, language),
            balance: formatNumber(result.balanceAfter, language),
          },
        });
        setPoints('');
        setReason('');
        setKey(newKey());
      },
    });
  }

  const tooMany = isApiError(adjust.error) && adjust.error.code === 'ADJUSTMENT_EXCEEDS_BALANCE';
  return (
    <Card className="space-y-4 p-5 sm:p-6">
      <div className="space-y-1">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('adjust.heading')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('adjust.description')}</p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4" data-testid="adjust-form">
        <fieldset disabled={adjust.isPending} className="space-y-4">
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-slate-700 dark:text-slate-200">
              {t('adjust.direction')}
            </legend>
            <div className="grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
              {(['add', 'remove'] as const).map((value) => (
                <label
                  key={value}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center justify-center rounded-lg px-3 text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                    direction === value
                      ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200'
                      : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                  )}
                >
                  <input
                    type="radio"
                    name="adjust-direction"
                    value={value}
                    checked={direction === value}
                    onChange={() => change(() => setDirection(value))}
                    className="sr-only"
                  />
                  {t(`adjust.${value}`)}
                </label>
              ))}
            </div>
          </fieldset>
          <Field
            id="adjust-points"
            label={t('adjust.points')}
            hint={t('adjust.pointsHint')}
            error={errors.points}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id="adjust-points"
                value={points}
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(event) => change(() => setPoints(event.target.value))}
              />
            )}
          </Field>
          <Field
            id="adjust-reason"
            label={t('adjust.reason')}
            hint={t('adjust.reasonHint')}
            error={errors.reason}
          >
            {({ describedBy, invalid }) => (
              <Textarea
                id="adjust-reason"
                value={reason}
                rows={2}
                maxLength={200}
                dir="auto"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                onChange={(event) => change(() => setReason(event.target.value))}
              />
            )}
          </Field>
          {adjust.isError ? (
            <ActionError
              message={
                tooMany
                  ? {
                      key: 'customers:adjust.tooMany',
                      values: { balance: formatNumber(balance, language), count: balance },
                    }
                  : { key: 'customers:adjust.failed' }
              }
              detail={tooMany ? null : failureDetail(adjust.error)}
            />
          ) : null}
          <div className="flex justify-end">
            <Button type="submit" loading={adjust.isPending}>
              {adjust.isPending ? null : <Save aria-hidden="true" className="size-4" />}
              {t('adjust.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
    </Card>
  );
}
