import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  REFERRAL_GIFTS_PER_CODE,
  REFERRAL_GIFTS_PER_DAY,
  ReferralLimitsSchema,
  type ReferralLimits,
} from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { formatNumber } from '../../../lib/format';
import { parseNumber } from '../../../lib/number-input';

export interface GiftLimitsCardProps {
  limits: ReferralLimits;
  saving: boolean;
  onSave: (limits: ReferralLimits) => Promise<boolean>;
}

const BOUNDS = { giftsPerCode: REFERRAL_GIFTS_PER_CODE, giftsPerDay: REFERRAL_GIFTS_PER_DAY };
type LimitField = keyof typeof BOUNDS;
const FIELDS: LimitField[] = ['giftsPerCode', 'giftsPerDay'];

/**
 * How many friends' gifts the programme gives: per invitation code, and per store in any 24 hours
 * (decision 028). A claim past either is refused and shows in the list as blocked.
 */
export function GiftLimitsCard({ limits, saving, onSave }: GiftLimitsCardProps) {
  const { t, i18n } = useTranslation('referrals');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const id = useId();
  const [values, setValues] = useState<Record<LimitField, string>>({
    giftsPerCode: String(limits.giftsPerCode),
    giftsPerDay: String(limits.giftsPerDay),
  });
  const [errors, setErrors] = useState<Partial<Record<LimitField, string>>>({});

  const range = (field: LimitField) => ({
    min: formatNumber(BOUNDS[field].min, language),
    max: formatNumber(BOUNDS[field].max, language),
  });

  async function save() {
    const draft = {
      giftsPerCode: parseNumber(values.giftsPerCode),
      giftsPerDay: parseNumber(values.giftsPerDay),
    };
    // The contract's own schema: the same bounds the server applies.
    const parsed = ReferralLimitsSchema.safeParse(draft);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as LimitField;
        next[field] ??= Number.isNaN(draft[field])
          ? t('errors.notANumber')
          : t('limits.outOfRange', range(field));
      }
      setErrors(next);
      return;
    }
    setErrors({});
    await onSave(parsed.data);
  }

  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid="gift-limits-card">
      <div>
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('limits.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('limits.description')}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((field) => (
          <Field
            key={field}
            id={`${id}-${field}`}
            label={t(`limits.${field}`)}
            hint={t(`limits.${field}Hint`, range(field))}
            error={errors[field] ?? null}
          >
            {({ describedBy, invalid }) => (
              <NumberInput
                id={`${id}-${field}`}
                value={values[field]}
                onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                className="max-w-40"
              />
            )}
          </Field>
        ))}
      </div>
      <Button onClick={() => void save()} loading={saving} disabled={saving}>
        {t('save')}
      </Button>
    </Card>
  );
}
