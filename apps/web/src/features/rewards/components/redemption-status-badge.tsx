import { useTranslation } from 'react-i18next';
import type { RedemptionStatus } from '@nuqat/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

const TONES: Record<RedemptionStatus, BadgeTone> = {
  pending: 'yellow',
  issued: 'blue',
  used: 'green',
  expired: 'grey',
  failed: 'red',
  cancelled: 'grey',
};

export function RedemptionStatusBadge({ status }: { status: RedemptionStatus }) {
  const { t } = useTranslation('rewards');
  return <Badge tone={TONES[status]}>{t(`redemptions.statuses.${status}`)}</Badge>;
}
