import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Settings2 } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { PageHeader } from '../../../components/ui/page-header';
import { paths } from '../../../config/paths';
import { useRewards } from '../../../features/rewards/api/get-rewards';
import { RedemptionsTable } from '../../../features/rewards/components/redemptions-table';
import { RewardsReport } from '../../../features/rewards/components/rewards-report';
import { useDocumentTitle } from '../../../lib/document-title';

export function RewardsRoute() {
  const { t } = useTranslation(['merchant', 'rewards']);
  useDocumentTitle('merchant:screens.rewards.title');
  const rewards = useRewards();
  const [rewardId, setRewardId] = useState('');

  function showRedemptions(id: string) {
    setRewardId(id);
    const heading = document.getElementById('redemptions-heading');
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  }

  return (
    <div className="space-y-8">
      <PageHeader
        title={t('merchant:screens.rewards.title')}
        description={t('merchant:screens.rewards.description')}
        actions={
          <Link to={paths.setpoints} className={buttonClasses({ variant: 'secondary' })}>
            <Settings2 aria-hidden="true" className="size-4" />
            {t('rewards:report.manage')}
          </Link>
        }
      />
      <RewardsReport onShowRedemptions={showRedemptions} />
      <RedemptionsTable
        rewardId={rewardId}
        onRewardIdChange={setRewardId}
        rewardOptions={rewards.data ?? []}
      />
    </div>
  );
}
