import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ToastProvider } from '../../../components/ui/toast';
import { CampaignsScreen } from '../../../features/campaigns/components/campaigns-screen';
import { useDocumentTitle } from '../../../lib/document-title';

/** Campaigns (issue 29): the year's strip, Saudi occasions, the list and its editor. */
export function CampaignsRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.campaigns.title');
  return (
    <ToastProvider>
      <div className="space-y-6">
        <PageHeader
          title={t('screens.campaigns.title')}
          description={t('screens.campaigns.description')}
        />
        <CampaignsScreen />
      </div>
    </ToastProvider>
  );
}
