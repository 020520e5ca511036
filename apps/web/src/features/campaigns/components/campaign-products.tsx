import { useTranslation } from 'react-i18next';
import { PackageMinus } from 'lucide-react';
import { useProductRules } from '../api/product-rules';
import { ChoiceList, type Choice } from './choice-list';

/**
 * A products campaign's products (decision 057): the ones the store's orders named, as for
 * product rules (decision 048), each a checkbox. A product already chosen that no recent order
 * names any more stays listed under the name it was chosen with.
 */
export function CampaignProducts(props: {
  selected: number[];
  /** The campaign being edited: its products with their kept names. */
  chosen: Choice[];
  error: string | null;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('campaigns');
  const query = useProductRules();
  return (
    <ChoiceList
      {...props}
      testId="campaign-products"
      legend={t('fields.products')}
      known={query.data?.products ?? []}
      pending={query.isPending}
      pendingText={t('products.loading')}
      empty={
        <>
          <PackageMinus aria-hidden="true" className="size-4 shrink-0" />
          {t('productRules.noProducts')}
        </>
      }
      hint={t('products.hint')}
    />
  );
}
