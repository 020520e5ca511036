import type { RedemptionStatus } from '@nuqat/contracts';
import type { BadgeTone } from './badge';

/**
 * One colour per coupon status wherever a coupon is shown (rewards' redemptions, the coupons
 * screen): processing amber, unused blue, used green, failed red, expired and cancelled grey.
 */
export const REDEMPTION_STATUS_TONES: Record<RedemptionStatus, BadgeTone> = {
  pending: 'yellow',
  issued: 'blue',
  used: 'green',
  expired: 'grey',
  failed: 'red',
  cancelled: 'grey',
};
