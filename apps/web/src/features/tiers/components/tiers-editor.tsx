import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Crown, Plus, RotateCcw, Save } from 'lucide-react';
import { TIERS_MAX, type TiersConfig, type TiersRequest } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { EmptyState } from '../../../components/ui/empty-state';
import { Switch } from '../../../components/ui/switch';
import { useToast } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { failureDetail, type Message } from '../../../lib/messages';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useValidationText } from '../../../lib/validation';
import { useTiersPreview } from '../api/preview-tiers';
import { useSaveTiers } from '../api/save-tiers';
import {
  draftOf,
  newTier,
  requestOf,
  sortedByThreshold,
  type TiersDraft,
} from '../lib/tiers-draft';
import { TierFields } from './tier-fields';
import { TiersPreviewCard } from './tiers-preview';
import { flatErrors, tiersResolver } from '../lib/tiers-form';
import { TiersRulesCard } from './tiers-rules-card';

/** How long the draft must rest before the preview asks the server again. */
const PREVIEW_DEBOUNCE_MS = 400;

export interface TiersEditorProps {
  config: TiersConfig;
}

export function TiersEditor({ config }: TiersEditorProps) {
  const { t, i18n } = useTranslation('tiers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const validationText = useValidationText();
  const toast = useToast();
  const save = useSaveTiers();
  const [failure, setFailure] = useState<{
    message: Message;
    detail: Message | null;
    inUse: boolean;
  } | null>(null);
  const defaults = useMemo(() => draftOf(config), [config]);
  const {
    control,
    register,
    handleSubmit,
    getValues,
    setValue,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<TiersDraft, unknown, TiersRequest>({
    resolver: tiersResolver,
    defaultValues: defaults,
  });
  const list = useFieldArray({ control, name: 'tiers', keyName: 'key' });
  const draft = useWatch({ control }) as TiersDraft;
  const flat = flatErrors(errors);

  // The preview follows the draft once it rests and is valid; an invalid draft keeps the last
  // counts on screen, dimmed, and says why.
  const current = requestOf(draft);
  const settledKey = useDebouncedValue(
    current.request ? JSON.stringify(current.request) : null,
    PREVIEW_DEBOUNCE_MS,
  );
  const settled = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as TiersRequest) : null),
    [settledKey],
  );
  const preview = useTiersPreview(settled);
  const reserved = new Map(config.tiers.map((tier) => [tier.id, tier.reservedRewards]));

  // Tiers stay in the order of their thresholds: a tier whose threshold passes another's moves.
  function placeByThreshold(index: number) {
    const tiers = getValues('tiers');
    const moved = tiers[index];
    if (!moved) return;
    const target = sortedByThreshold(tiers).indexOf(moved);
    if (target !== -1 && target !== index) list.move(index, target);
  }

  const submit = handleSubmit(async (request) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(request);
      reset(draftOf(saved));
      toast(
        saved.enabled
          ? {
              key: 'tiers:toast.savedOn',
              values: { count: saved.tiers.length, n: formatNumber(saved.tiers.length, language) },
            }
          : { key: 'tiers:toast.savedOff' },
      );
    } catch (error) {
      setFailure({
        message: { key: 'tiers:saveFailed' },
        detail: failureDetail(error),
        inUse: isApiError(error) && error.code === 'TIER_IN_USE',
      });
    }
  });

  const enabledHint = draft.enabled ? t('switch.onText') : t('switch.offText');
  const full = list.fields.length >= TIERS_MAX;

  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-testid="tiers-editor">
      <fieldset disabled={isSubmitting} className="space-y-6">
        {config.recomputing ? (
          <p
            role="status"
            className="rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-900 dark:border-sky-900/60 dark:bg-sky-950/50 dark:text-sky-100"
          >
            {t('recomputing')}
          </p>
        ) : null}

        <Card className="flex items-center justify-between gap-4 p-5 sm:p-6">
          <div>
            <h2 id="tiers-switch-label" className="font-bold text-slate-900 dark:text-white">
              {t('switch.title')}
            </h2>
            <p id="tiers-switch-text" className="text-sm text-slate-600 dark:text-slate-400">
              {enabledHint}
            </p>
          </div>
          <Switch
            checked={draft.enabled}
            onCheckedChange={(on) => setValue('enabled', on, { shouldDirty: true })}
            aria-label={t('switch.title')}
            aria-describedby="tiers-switch-text"
          />
        </Card>

        <TiersRulesCard
          basis={draft.basis}
          window={draft.window}
          graceError={flat.graceDays}
          register={register}
          setValue={setValue}
        />

        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <section aria-labelledby="tiers-list-heading" className="space-y-4">
            <div className="flex flex-wrap items-end justify-between gap-3">
              <div>
                <h2
                  id="tiers-list-heading"
                  className="text-lg font-bold text-slate-900 dark:text-white"
                >
                  {t('list.title')}
                </h2>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('list.description', { max: TIERS_MAX })}
                </p>
              </div>
            </div>
            {flat.tiers ? (
              <p role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
                {validationText(flat.tiers)}
              </p>
            ) : null}
            {list.fields.length === 0 ? (
              <EmptyState
                icon={<Crown aria-hidden="true" className="size-6" />}
                title={t('list.empty')}
                description={t('list.emptyHint')}
              />
            ) : (
              <ol className="space-y-4">
                {list.fields.map((field, index) => (
                  <li key={field.key}>
                    <TierFields
                      index={index}
                      control={control}
                      register={register}
                      errors={flat}
                      basis={draft.basis}
                      reservedRewards={field.tierId ? (reserved.get(field.tierId) ?? 0) : 0}
                      onThresholdBlur={() => placeByThreshold(index)}
                      onRemove={() => list.remove(index)}
                    />
                  </li>
                ))}
              </ol>
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button
                variant="secondary"
                disabled={full}
                onClick={() => list.append(newTier(getValues('tiers')))}
              >
                <Plus aria-hidden="true" className="size-4" />
                {t('list.add')}
              </Button>
              {full ? (
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {t('list.full', { max: TIERS_MAX })}
                </p>
              ) : null}
            </div>
          </section>

          <div className="lg:sticky lg:top-24">
            <TiersPreviewCard
              tiers={draft.tiers}
              preview={preview.data}
              invalid={current.request === null}
              loading={preview.isFetching || (current.request !== null && settled === null)}
              failed={preview.isError}
            />
          </div>
        </div>

        <div className="space-y-2">
          <ActionError message={failure?.message ?? null} detail={failure?.detail} />
          {failure?.inUse ? (
            <Link
              to={paths.rewards}
              className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              {t('openRewards')}
            </Link>
          ) : null}
        </div>

        {/* The save bar stays in view while the tiers scroll, as the reward form's does. */}
        <div
          data-testid="tiers-save-bar"
          className="sticky bottom-0 z-10 -mx-4 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:justify-between sm:px-6 dark:border-slate-800 dark:bg-slate-900/95"
        >
          {/* On a phone the bar is one row of two buttons; the state is still announced. */}
          <p
            className={cn(
              'sr-only text-sm sm:not-sr-only',
              isDirty
                ? 'font-semibold text-amber-800 dark:text-amber-300'
                : 'text-slate-600 dark:text-slate-400',
            )}
            aria-live="polite"
          >
            {isDirty ? t('saveBar.dirty') : t('saveBar.clean')}
          </p>
          <div className="flex flex-1 gap-2 sm:flex-none">
            <Button
              variant="secondary"
              className="flex-1 sm:flex-none"
              disabled={!isDirty}
              onClick={() => {
                setFailure(null);
                reset(defaults);
              }}
            >
              <RotateCcw aria-hidden="true" className="size-4" />
              {t('saveBar.discard')}
            </Button>
            <Button type="submit" className="flex-1 sm:flex-none" loading={isSubmitting}>
              {isSubmitting ? null : <Save aria-hidden="true" className="size-4" />}
              {t('saveBar.save')}
            </Button>
          </div>
        </div>
      </fieldset>
    </form>
  );
}
