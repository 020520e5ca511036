import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderX } from 'lucide-react';
import { ActionError } from '../../../components/ui/action-error';
import { errorMessage } from '../../../lib/messages';
import { useCategories } from '../api/category-rules';

/**
 * A products campaign's categories (decision 061): the store's categories as Salla lists them
 * (`GET /api/campaigns/category-rules`), each a checkbox. Saving reads each chosen category's
 * products from Salla; a category chosen before that Salla no longer lists stays listed under the
 * name it was saved with, so it can be unticked.
 */
export function CampaignCategories({
  selected,
  chosen,
  error,
  onChange,
}: {
  selected: number[];
  /** The campaign being edited: its categories with their kept names. */
  chosen: { id: number; name: string }[];
  error: string | null;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('campaigns');
  const query = useCategories();
  const errorId = useId();
  const known = query.data?.categories ?? [];
  const listed = [...known, ...chosen.filter((c) => !known.some((k) => k.id === c.id))];
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <fieldset
      className="space-y-2"
      aria-describedby={error ? errorId : undefined}
      data-testid="campaign-categories"
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
        {t('fields.categories')}
      </legend>
      {query.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('categories.loading')}</p>
      ) : query.isError && listed.length === 0 ? (
        <ActionError message={errorMessage(query.error)} />
      ) : listed.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <FolderX aria-hidden="true" className="size-4 shrink-0" />
          {t('categoryRules.noCategories')}
        </p>
      ) : (
        <ul className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
          {listed.map((c) => (
            <li key={c.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-500/10">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-600"
                  checked={selected.includes(c.id)}
                  onChange={(e) => toggle(c.id, e.target.checked)}
                />
                <span className="min-w-0 break-words text-sm">{c.name || `#${c.id}`}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('categories.hint')}</p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
