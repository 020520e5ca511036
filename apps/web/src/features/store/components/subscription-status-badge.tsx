import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '@nuqat/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

/** Spec §4: active green, expired red, suspended yellow, trial blue; anything else grey. */
const TONES: Partial<Record<SubscriptionStatus, BadgeTone>> = {
  active: 'green',
  expired: 'red',
  suspended: 'yellow',
  trial: 'blue',
};

function isKnownStatus(status: string): status is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(status);
}

export interface SubscriptionStatusBadgeProps {
  status: string;
}

export function SubscriptionStatusBadge({ status }: SubscriptionStatusBadgeProps) {
  const { t } = useTranslation('merchant');
  if (!isKnownStatus(status)) {
    // An unknown value is shown as the server sent it.
    return (
      <Badge tone="grey">
        <bdi>{status}</bdi>
      </Badge>
    );
  }
  return <Badge tone={TONES[status] ?? 'grey'}>{t(`subscription.status.${status}`)}</Badge>;
}
