import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderTree, RefreshCw, Trash2 } from 'lucide-react';
import type { ProductRule } from '@nuqat/contracts';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { formatMultiplier, formatNumber } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { useCategories, useRemoveCategoryRule, useSaveCategoryRule } from '../api/category-rules';
import { useProductRules } from '../api/product-rules';
import { RuleForm, useRuleDraft } from './rule-form';

interface Ruled {
  id: number;
  name: string;
  effect: ProductRule['effect'];
  multiplierPct: number;
  products: number;
}

/** The categories with a rule, from the product rules they made. */
function ruledCategories(rules: ProductRule[]): Ruled[] {
  const byId = new Map<number, Ruled>();
  for (const r of rules) {
    if (r.categoryId === null) continue;
    const seen = byId.get(r.categoryId);
    if (seen) seen.products += 1;
    else
      byId.set(r.categoryId, {
        id: r.categoryId,
        name: r.categoryName ?? '',
        effect: r.effect,
        multiplierPct: r.multiplierPct,
        products: 1,
      });
  }
  return [...byId.values()];
}

/**
 * Category rules (decision 057): exclude a category of the store, or multiply it. Its products
 * are read from Salla when the rule is saved (and again on "Read again"); a product with a rule
 * of its own keeps it.
 */
export function CategoryRules() {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const toast = useToast();
  const categories = useCategories();
  const rules = useProductRules();
  const save = useSaveCategoryRule();
  const remove = useRemoveCategoryRule();
  const [categoryId, setCategoryId] = useState('');
  const draft = useRuleDraft(save.error);
  const { effect, setEffect, multiplier, setMultiplier, showErrors, setShowErrors, server } = draft;

  const localErrors = { categoryId: categoryId === '', multiplier: draft.multiplierInvalid };
  const errorOf = (k: 'categoryId' | 'multiplier') =>
    (showErrors && localErrors[k]) || server.has(k) ? t(`categoryRules.errors.${k}`) : null;
  const saved = (r: { products: number; keptOwnRule: number }) =>
    toast({
      key: 'campaigns:categoryRules.saved',
      values: {
        n: formatNumber(r.products, language),
        kept: formatNumber(r.keptOwnRule, language),
      },
    });

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (localErrors.categoryId || localErrors.multiplier) return;
    save.mutate(
      { categoryId: Number(categoryId), ...draft.body },
      {
        onSuccess: (r) => {
          saved(r);
          setShowErrors(false);
          setCategoryId('');
        },
      },
    );
  }

  const ruled = rules.data ? ruledCategories(rules.data.rules) : [];
  const list = categories.data?.categories ?? [];

  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid="category-rules">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t('categoryRules.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('categoryRules.how')}</p>
      </div>
      {ruled.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('categoryRules.none')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 dark:divide-slate-800"
          data-testid="category-rules-list"
        >
          {ruled.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">{c.name || `#${c.id}`}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">
                  {t('categoryRules.products', {
                    count: c.products,
                    n: formatNumber(c.products, language),
                  })}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={c.effect === 'exclude' ? 'grey' : 'green'}>
                  {c.effect === 'exclude' ? (
                    t('productRules.excluded')
                  ) : (
                    <bdi dir="ltr">{formatMultiplier(c.multiplierPct, language)}</bdi>
                  )}
                </Badge>
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  aria-label={t('categoryRules.readAgain', { name: c.name })}
                  loading={save.isPending && save.variables?.categoryId === c.id}
                  onClick={() =>
                    save.mutate(
                      c.effect === 'exclude'
                        ? { categoryId: c.id, effect: 'exclude' }
                        : {
                            categoryId: c.id,
                            effect: 'multiply',
                            multiplier: c.multiplierPct / 100,
                          },
                      { onSuccess: saved },
                    )
                  }
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  aria-label={t('categoryRules.remove', { name: c.name })}
                  loading={remove.isPending && remove.variables === c.id}
                  onClick={() =>
                    remove.mutate(c.id, {
                      onSuccess: () => toast({ key: 'campaigns:categoryRules.removed' }),
                    })
                  }
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {categories.isPending ? (
        <div aria-busy="true" className="flex justify-center p-3">
          <Spinner className="size-5" />
        </div>
      ) : categories.isError ? (
        <ActionError message={errorMessage(categories.error)} />
      ) : list.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <FolderTree aria-hidden="true" className="size-4 shrink-0" />
          {t('categoryRules.noCategories')}
        </p>
      ) : (
        <RuleForm
          idPrefix="category-rule"
          subject={{
            id: 'category-rule-category',
            label: t('categoryRules.category'),
            choose: t('categoryRules.choose'),
            items: list,
            value: categoryId,
            error: errorOf('categoryId'),
            onChange: setCategoryId,
          }}
          effect={effect}
          multiplier={multiplier}
          errors={{ multiplier: errorOf('multiplier') }}
          addLabel={t('categoryRules.add')}
          pending={save.isPending}
          onEffect={setEffect}
          onMultiplier={setMultiplier}
          onSubmit={submit}
        />
      )}
      {save.isError && server.size === 0 ? (
        <ActionError message={errorMessage(save.error)} />
      ) : null}
      {remove.isError ? <ActionError message={errorMessage(remove.error)} /> : null}
    </Card>
  );
}
