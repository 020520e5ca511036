import { useTranslation } from 'react-i18next';
import type { CouponCancelReason, RedemptionStatus } from '@nuqat/contracts';
import { Badge } from '../../../components/ui/badge';
import { REDEMPTION_STATUS_TONES } from '../../../components/ui/redemption-status';

/** A coupon cancelled for a clawback (decision 027) reads «withdrawn», not «cancelled». */
export function CouponStatusBadge({
  status,
  cancelReason = null,
}: {
  status: RedemptionStatus;
  cancelReason?: CouponCancelReason | null;
}) {
  const { t } = useTranslation('coupons');
  return (
    <Badge tone={REDEMPTION_STATUS_TONES[status]}>
      {status === 'cancelled' && cancelReason === 'clawback'
        ? t('statuses.withdrawn')
        : t(`statuses.${status}`)}
    </Badge>
  );
}
