import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../lib/document-title';

export function MembersRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.members.title');
  return (
    <PageHeader title={t('screens.members.title')} description={t('screens.members.description')} />
  );
}
