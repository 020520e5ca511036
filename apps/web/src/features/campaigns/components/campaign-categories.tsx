import { useTranslation } from 'react-i18next';
import { FolderX } from 'lucide-react';
import { ActionError } from '../../../components/ui/action-error';
import { errorMessage } from '../../../lib/messages';
import { useCategories } from '../api/category-rules';
import { ChoiceList, type Choice } from './choice-list';

/**
 * A products campaign's categories (decision 061): the store's categories as Salla lists them
 * (`GET /api/campaigns/category-rules`), each a checkbox. Saving reads each chosen category's
 * products from Salla; a category chosen before that Salla no longer lists stays listed under the
 * name it was saved with, so it can be unticked.
 */
export function CampaignCategories(props: {
  selected: number[];
  /** The campaign being edited: its categories with their kept names. */
  chosen: Choice[];
  error: string | null;
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation('campaigns');
  const query = useCategories();
  return (
    <ChoiceList
      {...props}
      testId="campaign-categories"
      legend={t('fields.categories')}
      known={query.data?.categories ?? []}
      pending={query.isPending}
      pendingText={t('categories.loading')}
      failure={query.isError ? <ActionError message={errorMessage(query.error)} /> : undefined}
      empty={
        <>
          <FolderX aria-hidden="true" className="size-4 shrink-0" />
          {t('categoryRules.noCategories')}
        </>
      }
      hint={t('categories.hint')}
    />
  );
}
