import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ToastProvider } from '../../../components/ui/toast';
import { TiersScreen } from '../../../features/tiers/components/tiers-screen';
import { useDocumentTitle } from '../../../lib/document-title';

/** VIP tiers (issue 14): the programme's tiers, a preview of where customers land, saving. */
export function TiersRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.tiers.title');
  return (
    <ToastProvider>
      <div className="space-y-6">
        <PageHeader title={t('screens.tiers.title')} description={t('screens.tiers.description')} />
        <TiersScreen />
      </div>
    </ToastProvider>
  );
}
