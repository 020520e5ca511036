import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { isApiError } from '../../../lib/api-client';
import type { Choice } from './choice-list';

export type RuleEffect = 'exclude' | 'multiply';

/**
 * The draft behind a rule's form: the effect and multiplier typed, whether the multiplier is
 * wrong (×1.1–×10, one decimal, while multiplying), the fields the server refused (`saveError`),
 * and the effect as the API takes it.
 */
export function useRuleDraft(saveError: unknown) {
  const [effect, setEffect] = useState<RuleEffect>('multiply');
  const [multiplier, setMultiplier] = useState('2');
  const [showErrors, setShowErrors] = useState(false);
  const x = Number(multiplier);
  return {
    effect,
    setEffect,
    multiplier,
    setMultiplier,
    showErrors,
    setShowErrors,
    multiplierInvalid:
      effect === 'multiply' &&
      (!Number.isFinite(x) || x < 1.1 || x > 10 || Math.round(x * 10) !== x * 10),
    server: new Set(
      (isApiError(saveError) ? saveError.issues : []).map((i) => i.path.replace(/^body\./, '')),
    ),
    body: effect === 'exclude' ? { effect } : { effect, multiplier: x },
  };
}

/**
 * A product or category rule's form (decisions 048 and 057): what it applies to, exclude or
 * multiply, the multiplier (×1.1–×10, off while excluding) and the add button.
 */
export function RuleForm({
  idPrefix,
  subject,
  effect,
  multiplier,
  errors,
  addLabel,
  pending,
  onEffect,
  onMultiplier,
  onSubmit,
}: {
  /** `product-rule`: the fields are `product-rule-effect`, `product-rule-multiplier`. */
  idPrefix: string;
  subject: {
    id: string;
    label: string;
    choose: string;
    items: Choice[];
    value: string;
    error?: string | null;
    onChange: (value: string) => void;
  };
  effect: RuleEffect;
  multiplier: string;
  errors: { multiplier?: string | null };
  addLabel: string;
  pending: boolean;
  onEffect: (effect: RuleEffect) => void;
  onMultiplier: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <form
      className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_auto] sm:items-end"
      onSubmit={onSubmit}
      noValidate
    >
      <Field id={subject.id} label={subject.label} error={subject.error}>
        {({ describedBy, invalid }) => (
          <Select
            id={subject.id}
            value={subject.value}
            onChange={(e) => subject.onChange(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          >
            <option value="">{subject.choose}</option>
            {subject.items.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name || `#${item.id}`}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field id={`${idPrefix}-effect`} label={t('productRules.effect')}>
        {() => (
          <Select
            id={`${idPrefix}-effect`}
            value={effect}
            onChange={(e) => onEffect(e.target.value as RuleEffect)}
          >
            <option value="multiply">{t('productRules.multiply')}</option>
            <option value="exclude">{t('productRules.exclude')}</option>
          </Select>
        )}
      </Field>
      <Field
        id={`${idPrefix}-multiplier`}
        label={t('productRules.multiplier')}
        error={errors.multiplier}
      >
        {({ describedBy, invalid }) => (
          <NumberInput
            id={`${idPrefix}-multiplier`}
            min="1.1"
            max="10"
            step="0.1"
            disabled={effect === 'exclude'}
            value={effect === 'exclude' ? '' : multiplier}
            onChange={(e) => onMultiplier(e.target.value)}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
          />
        )}
      </Field>
      <Button type="submit" className="min-h-12" loading={pending}>
        <Plus aria-hidden="true" className="size-4" />
        {addLabel}
      </Button>
    </form>
  );
}
