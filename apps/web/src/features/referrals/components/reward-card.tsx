import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
  REFERRAL_REWARD_TYPES,
  ReferralRewardInputSchema,
  type ReferralReward,
  type ReferralRewardType,
} from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { formatCurrency, formatNumber } from '../../../lib/format';
import { parseNumber, parseOptionalNumber } from '../../../lib/number-input';

export interface RewardCardProps {
  side: 'participant' | 'referral';
  reward: ReferralReward;
  saving: boolean;
  onSave: (reward: ReferralReward) => Promise<boolean>;
}

/** A saved reward in words ("10 % off the order, up to 100 SAR"), for the switch's confirmation. */
export function useRewardWords(): (reward: ReferralReward) => string {
  const { t, i18n } = useTranslation('referrals');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (reward) =>
    reward.type === 'shipping'
      ? t('summary.shipping')
      : reward.type === 'fixed'
        ? t('summary.fixed', { amount: formatCurrency(reward.value, language) })
        : t('summary.percentage', {
            percent: formatNumber(reward.value, language),
            cap: formatCurrency(reward.maxAmount ?? REFERRAL_DEFAULT_MAX_AMOUNT_SAR, language),
          });
}

/** What one side of a referral gets: type, value (and a cap for a percentage), a summary, save. */
export function RewardCard({ side, reward, saving, onSave }: RewardCardProps) {
  const { t, i18n } = useTranslation('referrals');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const id = useId();
  const [type, setType] = useState<ReferralRewardType>(reward.type);
  const [value, setValue] = useState(String(reward.value));
  const [maxAmount, setMaxAmount] = useState(
    reward.maxAmount === null || reward.maxAmount === undefined ? '' : String(reward.maxAmount),
  );
  const [errors, setErrors] = useState<{ value?: string; maxAmount?: string }>({});

  const draft = {
    type,
    value: type === 'shipping' ? 0 : parseNumber(value),
    maxAmount: type === 'percentage' ? parseOptionalNumber(maxAmount) : null,
  };

  // The contract's own schema: the same rules the server applies. The preview shows only what
  // would be saved: an invalid value (0, 150 %) previews nothing (issue 27).
  const parsedDraft = ReferralRewardInputSchema.safeParse(draft);

  function summary(): string {
    if (type === 'shipping') return t('summary.shipping');
    if (Number.isNaN(draft.value)) return t('summary.incomplete');
    if (!parsedDraft.success) return t('summary.invalid');
    if (type === 'fixed')
      return t('summary.fixed', { amount: formatCurrency(draft.value, language) });
    return t('summary.percentage', {
      percent: formatNumber(draft.value, language),
      cap: formatCurrency(
        draft.maxAmount !== null && !Number.isNaN(draft.maxAmount)
          ? draft.maxAmount
          : REFERRAL_DEFAULT_MAX_AMOUNT_SAR,
        language,
      ),
    });
  }

  async function save() {
    const parsed = parsedDraft;
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'maxAmount' ? 'maxAmount' : 'value';
        next[field] ??=
          field === 'value' && Number.isNaN(draft.value)
            ? t('errors.notANumber')
            : field === 'value' && type === 'percentage' && draft.value > 100
              ? t('errors.percentMax')
              : field === 'value' && draft.value < 1
                ? t('errors.zero')
                : field === 'maxAmount' && Number.isNaN(draft.maxAmount)
                  ? t('errors.notANumber')
                  : t('errors.outOfRange');
      }
      setErrors(next);
      return;
    }
    setErrors({});
    await onSave(parsed.data);
  }

  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid={`reward-card-${side}`}>
      <div>
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t(`${side}.title`)}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t(`${side}.description`)}</p>
      </div>
      <Field id={`${id}-type`} label={t('type')}>
        {() => (
          <Select
            id={`${id}-type`}
            value={type}
            onChange={(event) => {
              setType(event.target.value as ReferralRewardType);
              setErrors({});
            }}
          >
            {REFERRAL_REWARD_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`types.${option}`)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {type !== 'shipping' ? (
        <Field
          id={`${id}-value`}
          label={type === 'percentage' ? t('valuePercent') : t('valueSar')}
          error={errors.value ?? null}
        >
          {({ describedBy, invalid }) => (
            <div className="flex items-center gap-2">
              <NumberInput
                id={`${id}-value`}
                value={value}
                onChange={(event) => {
                  setValue(event.target.value);
                  setErrors({});
                }}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className="max-w-40"
              />
              <span className="text-sm text-slate-600 dark:text-slate-400">
                {type === 'percentage' ? t('units.percent') : t('units.riyal')}
              </span>
            </div>
          )}
        </Field>
      ) : null}
      {type === 'percentage' ? (
        <Field
          id={`${id}-cap`}
          label={t('maxAmount')}
          hint={t('maxAmountHint', {
            amount: formatCurrency(REFERRAL_DEFAULT_MAX_AMOUNT_SAR, language),
          })}
          error={errors.maxAmount ?? null}
        >
          {({ describedBy, invalid }) => (
            <NumberInput
              id={`${id}-cap`}
              value={maxAmount}
              onChange={(event) => setMaxAmount(event.target.value)}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              className="max-w-40"
            />
          )}
        </Field>
      ) : null}
      <p
        className="rounded-xl bg-brand-50 px-3 py-2 text-sm text-brand-900 dark:bg-brand-500/10 dark:text-brand-100"
        data-testid={`reward-summary-${side}`}
      >
        {summary()}
      </p>
      <Button onClick={() => void save()} loading={saving} disabled={saving}>
        {t('save')}
      </Button>
    </Card>
  );
}
