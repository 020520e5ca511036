import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Save, X } from 'lucide-react';
import type { Campaign } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input, NumberInput } from '../../../components/ui/input';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { formatNumber } from '../../../lib/format';
import { isApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/messages';
import { useEarningRules, useSaveCampaign } from '../api/campaigns';
import { previewOf, requestOf, type CampaignDraft } from '../lib/campaign-draft';
import { CampaignCategories } from './campaign-categories';
import { CampaignProducts } from './campaign-products';

const SAMPLE_SAR = 200;

/** The fields with a message of their own in the catalogue (`campaigns:errors.*`). */
type FieldKey =
  | 'nameAr'
  | 'nameEn'
  | 'startsAt'
  | 'endsAt'
  | 'multiplierPct'
  | 'bonusPoints'
  | 'minOrderTotal'
  | 'tierIds'
  | 'productIds'
  | 'categoryIds';

/** A new campaign or one that has not ended: its fields, the overlap rule, a sample order's points. */
export function CampaignEditor({
  editing,
  initial,
  onClose,
}: {
  editing: Campaign | null;
  initial: CampaignDraft;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const toast = useToast();
  const rules = useEarningRules();
  const save = useSaveCampaign();
  const [draft, setDraft] = useState(initial);
  const [sample, setSample] = useState(String(SAMPLE_SAR));
  const [showErrors, setShowErrors] = useState(false);
  const checked = requestOf(draft);
  const serverIssues = new Map(
    (isApiError(save.error) ? save.error.issues : []).map((i) => [
      i.path.replace(/^body\./, '').split('.')[0]!,
      i.message,
    ]),
  );
  const errorOf = (key: FieldKey): string | null =>
    (showErrors && checked.errors?.[key]) || serverIssues.has(key) ? t(`errors.${key}`) : null;
  const set = <K extends keyof CampaignDraft>(key: K, value: CampaignDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const preview = rules.data ? previewOf(rules.data, draft, Number(sample) || 0) : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (!checked.body) return;
    save.mutate(
      { id: editing?.id ?? null, body: checked.body },
      {
        onSuccess: () => {
          toast({ key: 'campaigns:saved' });
          onClose();
        },
      },
    );
  }

  const text = (key: 'nameAr' | 'nameEn' | 'startsAt' | 'endsAt', type: string) => (
    <Field id={`campaign-${key}`} label={t(`fields.${key}`)} error={errorOf(key)}>
      {({ describedBy, invalid }) => (
        <Input
          id={`campaign-${key}`}
          type={type}
          dir={key === 'nameAr' ? 'rtl' : key === 'nameEn' ? 'ltr' : undefined}
          value={draft[key]}
          onChange={(e) => set(key, e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
      )}
    </Field>
  );

  return (
    <Card className="space-y-5 p-5 sm:p-6" data-testid="campaign-editor">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-lg font-bold text-slate-900 dark:text-white">
          {editing ? t('editor.editTitle') : t('editor.newTitle')}
        </h2>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label={t('editor.close')}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <form className="space-y-5" onSubmit={submit} noValidate>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('nameAr', 'text')}
          {text('nameEn', 'text')}
          {text('startsAt', 'datetime-local')}
          {text('endsAt', 'datetime-local')}
        </div>
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('editor.riyadhTime')}</p>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
            {t('fields.effect')}
          </legend>
          <div className="grid gap-3 sm:grid-cols-3">
            {(['multiplier', 'bonus', 'products'] as const).map((effect) => (
              <label
                key={effect}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-500/10"
              >
                <input
                  type="radio"
                  name="campaign-effect"
                  value={effect}
                  checked={draft.effect === effect}
                  onChange={() => set('effect', effect)}
                  className="size-5 accent-brand-600"
                />
                <span className="text-sm">{t(`effects.${effect}`)}</span>
              </label>
            ))}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {draft.effect !== 'bonus' ? (
              <Field
                id="campaign-multiplier"
                label={t('fields.multiplier')}
                hint={t('hints.multiplier')}
                error={errorOf('multiplierPct')}
              >
                {({ describedBy, invalid }) => (
                  <NumberInput
                    id="campaign-multiplier"
                    step="0.1"
                    min="1.1"
                    max="10"
                    value={draft.multiplier}
                    onChange={(e) => set('multiplier', e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                  />
                )}
              </Field>
            ) : (
              <Field
                id="campaign-bonus"
                label={t('fields.bonusPoints')}
                error={errorOf('bonusPoints')}
              >
                {({ describedBy, invalid }) => (
                  <NumberInput
                    id="campaign-bonus"
                    min="1"
                    value={draft.bonusPoints}
                    onChange={(e) => set('bonusPoints', e.target.value)}
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                  />
                )}
              </Field>
            )}
            <Field
              id="campaign-min"
              label={t('fields.minOrderTotal')}
              error={errorOf('minOrderTotal')}
            >
              {({ describedBy, invalid }) => (
                <NumberInput
                  id="campaign-min"
                  min="0"
                  value={draft.minOrderTotal}
                  onChange={(e) => set('minOrderTotal', e.target.value)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                />
              )}
            </Field>
          </div>
          <label className="flex min-h-11 items-center justify-between gap-3">
            <span className="text-sm text-slate-700 dark:text-slate-200">
              {t('fields.firstOrderOnly')}
            </span>
            <Switch
              checked={draft.firstOrderOnly}
              onCheckedChange={(v) => set('firstOrderOnly', v)}
              aria-label={t('fields.firstOrderOnly')}
            />
          </label>
          {draft.effect === 'products' ? (
            <div className="grid gap-4 lg:grid-cols-2">
              <CampaignProducts
                selected={draft.productIds}
                chosen={(editing?.products ?? []).filter((p) => p.categoryId === undefined)}
                error={errorOf('productIds')}
                onChange={(ids) => set('productIds', ids)}
              />
              <CampaignCategories
                selected={draft.categoryIds}
                chosen={editing?.categories ?? []}
                error={errorOf('categoryIds')}
                onChange={(ids) => set('categoryIds', ids)}
              />
            </div>
          ) : null}
          {draft.tierIds.length > 0 ? (
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('editor.someTiers')}</p>
          ) : null}
        </fieldset>
        <p
          className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
          data-testid="overlap-rule"
        >
          {t('editor.overlapRule')}
        </p>
        <section
          aria-labelledby="campaign-preview-title"
          className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700"
          data-testid="campaign-preview"
        >
          <h3 id="campaign-preview-title" className="text-sm font-semibold">
            {t('preview.title')}
          </h3>
          <Field id="campaign-sample" label={t('preview.sample')}>
            {({ describedBy }) => (
              <NumberInput
                id="campaign-sample"
                min="0"
                className="max-w-40"
                value={sample}
                onChange={(e) => setSample(e.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          {preview ? (
            <p className="text-sm" aria-live="polite">
              {t('preview.result', {
                without: formatNumber(preview.without, language),
                with: formatNumber(preview.with, language),
              })}
            </p>
          ) : (
            <p className="text-sm text-slate-500">
              {rules.isError ? t('preview.noRules') : t('preview.loading')}
            </p>
          )}
          <p className="text-xs text-slate-500 dark:text-slate-400">
            {draft.effect === 'products' ? t('preview.productsNote') : t('preview.note')}
          </p>
        </section>
        {save.isError && serverIssues.size === 0 ? (
          <ActionError message={errorMessage(save.error)} />
        ) : null}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={onClose}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending} disabled={save.isPending}>
            <Save aria-hidden="true" className="size-4" />
            {t('editor.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
