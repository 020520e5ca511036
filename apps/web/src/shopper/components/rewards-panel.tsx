import type { ShopperReward } from '@nuqat/contracts';
import { formatCurrency } from '../lib/format';
import { useI18n, type TextKey } from '../lib/i18n';
import type { RedeemBlock } from '../lib/redemption';
import { EmptyState } from './empty-state';
import { Icon } from './icons';
import { CARD, buttonClass, cx } from './ui';

const BLOCK_LABEL: Record<Exclude<RedeemBlock, null | 'busy'>, TextKey> = {
  paused: 'rewards.unavailable',
  locked: 'rewards.locked',
  'out-of-stock': 'rewards.outOfStock',
  insufficient: 'rewards.insufficient',
};

export interface RedeemButtonProps {
  reward: ShopperReward;
  block: RedeemBlock;
  /** This reward's redemption is the one running. */
  running: boolean;
  onRedeem: () => void;
  className?: string;
}

/**
 * Spec §4: off (and saying why) when the points are short, the reward is out of stock or
 * redeeming is paused; off for every reward while one redemption runs.
 */
export function RedeemButton({ reward, block, running, onRedeem, className }: RedeemButtonProps) {
  const { t } = useI18n();
  const label = running
    ? t('rewards.redeeming')
    : block && block !== 'busy'
      ? t(BLOCK_LABEL[block])
      : t('rewards.redeem');
  return (
    <button
      type="button"
      className={buttonClass('primary', className)}
      disabled={block !== null || running}
      onClick={onRedeem}
    >
      {label}
      <span className="sr-only"> {reward.name}</span>
    </button>
  );
}

/** "For Gold and above": the tier a reward is reserved for, locked or not for this shopper. */
export function RewardTierLine({ reward }: { reward: ShopperReward }) {
  const { t } = useI18n();
  if (!reward.minTier) return null;
  return (
    <p
      className={cx(
        'flex items-center gap-1.5 text-xs font-semibold',
        reward.locked ? 'text-slate-700 dark:text-slate-300' : 'text-slate-600 dark:text-slate-400',
      )}
      data-testid="reward-tier"
    >
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full"
        style={{ backgroundColor: reward.minTier.colour }}
      />
      {reward.locked ? <Icon name="lock" className="size-3.5 shrink-0" /> : null}
      <span>
        {t(reward.locked ? 'rewards.lockedFor' : 'rewards.reservedFor', {
          name: reward.minTier.name,
        })}
      </span>
    </p>
  );
}

export function MinOrderLine({ amount }: { amount: number }) {
  const { t, language } = useI18n();
  if (amount <= 0) return null;
  return (
    <p className="text-xs text-slate-600 dark:text-slate-400">
      {t('rewards.minOrder', { amount: formatCurrency(amount, language) })}
    </p>
  );
}

export interface RewardsPanelProps {
  rewards: ShopperReward[];
  blockOf: (reward: ShopperReward) => RedeemBlock;
  redeemingId: string | null;
  onDetails: (reward: ShopperReward, opener: HTMLElement) => void;
  onRedeem: (reward: ShopperReward) => void;
}

/** Spec §2: reward cards with name, points, description, details and redeem. */
export function RewardsPanel({
  rewards,
  blockOf,
  redeemingId,
  onDetails,
  onRedeem,
}: RewardsPanelProps) {
  const { t, tp } = useI18n();
  if (rewards.length === 0) return <EmptyState icon="gift" text={t('rewards.empty')} />;
  return (
    <ul className="space-y-3">
      {rewards.map((reward) => (
        <li key={reward.id}>
          <article className={cx(CARD, 'space-y-3 p-4')}>
            <div className="flex items-start justify-between gap-3">
              <h3 className="font-bold text-slate-900 dark:text-white">
                <bdi>{reward.name}</bdi>
              </h3>
              <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-bold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                {tp('points', reward.pointsRequired)}
              </span>
            </div>
            <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">
              <bdi>{reward.description || t('rewards.noDescription')}</bdi>
            </p>
            <RewardTierLine reward={reward} />
            <MinOrderLine amount={reward.minOrderAmount} />
            <div className="grid grid-cols-2 gap-2">
              <button
                type="button"
                className={buttonClass('secondary')}
                onClick={(event) => onDetails(reward, event.currentTarget)}
              >
                {t('rewards.details')}
                <span className="sr-only"> {reward.name}</span>
              </button>
              <RedeemButton
                reward={reward}
                block={blockOf(reward)}
                running={redeemingId === reward.id}
                onRedeem={() => onRedeem(reward)}
              />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
