import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PackageMinus, Trash2 } from 'lucide-react';
import { ActionError } from '../../../components/ui/action-error';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useToast } from '../../../components/ui/toast';
import { formatMultiplier } from '../../../lib/format';
import { errorMessage } from '../../../lib/messages';
import { RuleForm, useRuleDraft } from './rule-form';
import { useProductRules, useRemoveProductRule, useSaveProductRule } from '../api/product-rules';

/**
 * Product rules (decision 048): exclude a product from earning, or multiply it. The products are
 * those the store's orders named; an order without lines earns on its total (said on the order).
 */
export function ProductRules() {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const toast = useToast();
  const rules = useProductRules();
  const save = useSaveProductRule();
  const remove = useRemoveProductRule();
  const [productId, setProductId] = useState('');
  const draft = useRuleDraft(save.error);
  const { effect, setEffect, multiplier, setMultiplier, showErrors, setShowErrors, server } = draft;

  if (rules.isPending)
    return (
      <div aria-busy="true" className="flex justify-center p-6">
        <Spinner className="size-5" />
      </div>
    );
  if (rules.isError) return <ActionError message={errorMessage(rules.error)} />;
  const { products } = rules.data;
  // The rules a category made are listed with their category (decision 057).
  const list = rules.data.rules.filter((r) => r.categoryId === null);

  const localErrors = { productId: productId === '', multiplier: draft.multiplierInvalid };
  const errorOf = (k: 'productId' | 'multiplier') =>
    (showErrors && localErrors[k]) || server.has(k) ? t(`productRules.errors.${k}`) : null;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    setShowErrors(true);
    if (localErrors.productId || localErrors.multiplier) return;
    save.mutate(
      { productId: Number(productId), ...draft.body },
      {
        onSuccess: () => {
          toast({ key: 'campaigns:productRules.saved' });
          setShowErrors(false);
          setProductId('');
        },
      },
    );
  }

  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid="product-rules">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t('productRules.title')}</h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">{t('productRules.how')}</p>
      </div>
      {list.length === 0 ? (
        <p className="text-sm text-slate-500 dark:text-slate-400">{t('productRules.none')}</p>
      ) : (
        <ul
          className="divide-y divide-slate-200 dark:divide-slate-800"
          data-testid="product-rules-list"
        >
          {list.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-white">
                  {r.productName || `#${r.productId}`}
                </p>
                <p className="text-xs text-slate-500 dark:text-slate-400" dir="ltr">
                  #{r.productId}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <Badge tone={r.effect === 'exclude' ? 'grey' : 'green'}>
                  {r.effect === 'exclude' ? (
                    t('productRules.excluded')
                  ) : (
                    <bdi dir="ltr">{formatMultiplier(r.multiplierPct, language)}</bdi>
                  )}
                </Badge>
                <Button
                  size="sm"
                  variant="secondary"
                  className="min-h-11"
                  aria-label={t('productRules.remove', { name: r.productName })}
                  loading={remove.isPending && remove.variables === r.id}
                  onClick={() =>
                    remove.mutate(r.id, {
                      onSuccess: () => toast({ key: 'campaigns:productRules.removed' }),
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
      {products.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <PackageMinus aria-hidden="true" className="size-4" />
          {t('productRules.noProducts')}
        </p>
      ) : (
        <RuleForm
          idPrefix="product-rule"
          subject={{
            id: 'product-rule-product',
            label: t('productRules.product'),
            choose: t('productRules.choose'),
            items: products,
            value: productId,
            error: errorOf('productId'),
            onChange: setProductId,
          }}
          effect={effect}
          multiplier={multiplier}
          errors={{ multiplier: errorOf('multiplier') }}
          addLabel={t('productRules.add')}
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
