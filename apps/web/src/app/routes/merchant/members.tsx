import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/ui/page-header';
import { ToastProvider } from '../../../components/ui/toast';
import { useReferralSettings } from '../../../features/referrals/api/referral-settings';
import { ReferralActivity } from '../../../features/referrals/components/referral-activity';
import { ReferralProgramme } from '../../../features/referrals/components/referral-programme';
import { useStoreInfo } from '../../../features/store/api/get-store-info';
import { useDocumentTitle } from '../../../lib/document-title';
import { getMerchantName } from '../../../lib/session';

export function MembersRoute() {
  const { t } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.members.title');
  const storeInfo = useStoreInfo();
  // The same query as the programme's: the results are asked for only once the settings came
  // back, so a starter store (403 PLAN_FEATURE_REQUIRED) sees its upgrade prompt and nothing more.
  const settings = useReferralSettings();
  return (
    <ToastProvider>
      <div className="space-y-6">
        <PageHeader
          title={t('screens.members.title')}
          description={t('screens.members.description')}
        />
        <ReferralProgramme storeName={storeInfo.data?.storeName ?? getMerchantName() ?? ''} />
        {settings.isSuccess ? <ReferralActivity /> : null}
      </div>
    </ToastProvider>
  );
}
