import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';

export function CouponsRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.coupons.title');
  return (
    <PageHeader title={t('screens.coupons.title')} description={t('screens.coupons.description')} />
  );
}
