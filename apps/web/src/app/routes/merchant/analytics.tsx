import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';

export function AnalyticsRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.analytics.title');
  return (
    <PageHeader
      title={t('screens.analytics.title')}
      description={t('screens.analytics.description')}
    />
  );
}
