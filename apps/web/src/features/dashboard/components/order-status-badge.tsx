import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/**
 * Spec §4: completed green, shipped blue, pending yellow, canceled red; an unknown status grey
 * with its raw text. Salla's neighbouring slugs take the colour of the state they mean.
 */
const TONES = {
  completed: 'green',
  delivered: 'green',
  shipped: 'blue',
  delivering: 'blue',
  in_progress: 'blue',
  pending: 'yellow',
  payment_pending: 'yellow',
  under_review: 'yellow',
  canceled: 'red',
  cancelled: 'red',
  refunded: 'red',
  restored: 'red',
  restoring: 'red',
} as const satisfies Record<string, BadgeTone>;

type KnownStatus = keyof typeof TONES;

const isKnown = (status: string | null): status is KnownStatus =>
  status !== null && Object.hasOwn(TONES, status);

export interface OrderStatusBadgeProps {
  status: string | null;
}

export function OrderStatusBadge({ status }: OrderStatusBadgeProps) {
  const { t } = useTranslation('merchant');
  if (!isKnown(status))
    return <Badge tone="grey">{status ?? t('dashboard.orderStatus.unknown')}</Badge>;
  return <Badge tone={TONES[status]}>{t(`dashboard.orderStatus.${status}`)}</Badge>;
}
