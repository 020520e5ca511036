import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageMinus } from 'lucide-react';
import { useProductRules } from '../api/product-rules';

/**
 * A products campaign's products (decision 057): the ones the store's orders named, as for
 * product rules (decision 048), each a checkbox. A product already chosen that no recent order
 * names any more stays listed under the name it was chosen with.
 */
export function CampaignProducts({
  selected,
  chosen,
  error,
  onChange,
}: {
  selected: number[];
  /** The campaign being edited: its products with their kept names. */
  chosen: { id: number; name: string }[];
  error: string | null;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('campaigns');
  const query = useProductRules();
  const errorId = useId();
  const known = query.data?.products ?? [];
  const listed = [...known, ...chosen.filter((c) => !known.some((k) => k.id === c.id))];
  const toggle = (id: number, on: boolean) =>
    onChange(on ? [...selected, id] : selected.filter((x) => x !== id));

  return (
    <fieldset
      className="space-y-2"
      aria-describedby={error ? errorId : undefined}
      data-testid="campaign-products"
    >
      <legend className="text-sm font-medium text-slate-800 dark:text-slate-100">
        {t('fields.products')}
      </legend>
      {query.isPending ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('products.loading')}</p>
      ) : listed.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <PackageMinus aria-hidden="true" className="size-4 shrink-0" />
          {t('productRules.noProducts')}
        </p>
      ) : (
        <ul className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
          {listed.map((p) => (
            <li key={p.id}>
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-slate-200 px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-slate-700 dark:has-[:checked]:bg-brand-500/10">
                <input
                  type="checkbox"
                  className="size-5 shrink-0 accent-brand-600"
                  checked={selected.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                />
                <span className="min-w-0 break-words text-sm">{p.name || `#${p.id}`}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-500 dark:text-slate-400">{t('products.hint')}</p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
