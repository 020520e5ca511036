import { useTranslation } from 'react-i18next';
import type { RedemptionStatus } from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { REDEMPTION_STATUS_TONES } from '../../../components/ui/redemption-status';

export function RedemptionStatusBadge({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation('rewards');
  return (
    <Badge tone={REDEMPTION_STATUS_TONES[status]}>{t(`redemptions.statuses.${status}`)}</Badge>
  );
}
