import { useTranslation } from 'react-i18next';
import { TierBadge, type TierLabel } from '../../../components/ui/tier-badge';

/** "Gold and above": the VIP tier a reward is reserved for, as its badge. */
export function TierReservation({ tier }: { tier: TierLabel }) {
  const { t } = useTranslation('rewards');
  return (
    <span className="inline-flex items-center gap-1.5" data-testid="reward-tier">
      <span className="sr-only">{t('tier.reservedFor')}</span>
      <TierBadge tier={tier} />
      <span className="text-xs text-slate-500 dark:text-slate-400">{t('tier.andAbove')}</span>
    </span>
  );
}
