import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';

/**
 * A reward's state: active, active while the store's shoppers cannot redeem (a paused programme,
 * an inactive subscription, a store to reinstall — issue 15), or inactive.
 */
export function RewardStatusBadge({ active, earning }: { active: boolean; earning: boolean }) {
  const { t } = useTranslation('rewards');
  if (!active) return <Badge tone="grey">{t('status.inactive')}</Badge>;
  return earning ? (
    <Badge tone="green">{t('status.active')}</Badge>
  ) : (
    <Badge tone="yellow">{t('status.idle')}</Badge>
  );
}
