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
  onRedeem: (opener: HTMLElement) => void;
  className?: string;
  /** The confirmation's wording instead of "Redeem". */
  label?: string;
}

/**
 * Spec §4: off (and saying why) when the points are short, the reward is out of stock or
 * redeeming is paused; off for every reward while one redemption runs.
 */
export function RedeemButton({
  reward,
  block,
  running,
  onRedeem,
  className,
  label: action,
}: RedeemButtonProps) {
  const { t } = useI18n();
  const label = running
    ? t('rewards.redeeming')
    : block && block !== 'busy'
      ? t(BLOCK_LABEL[block])
      : (action ?? t('rewards.redeem'));
  return (
    <button
      type="button"
      className={buttonClass('primary', className)}
      disabled={block !== null || running}
      onClick={(event) => {
        // The second click of a double click would land on the confirmation's button, which
        // takes this one's place: only a click of its own counts.
        if (event.detail > 1) return;
        onRedeem(event.currentTarget);
      }}
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

/** "40 points to go", with a bar of the way done: a reward the balance does not cover yet. */
export function RewardProgress({ reward, have }: { reward: ShopperReward; have: number }) {
  const { t, tp } = useI18n();
  const need = reward.pointsRequired;
  const share = Math.min(1, Math.max(0, have / need));
  return (
    <div className="space-y-1.5" data-testid="reward-progress">
      <p className="text-xs font-semibold text-slate-700 dark:text-slate-300">
        {tp('rewards.toGo', need - have)}
      </p>
      <div
        role="progressbar"
        aria-label={t('rewards.progress', { name: reward.name })}
        aria-valuemin={0}
        aria-valuemax={need}
        aria-valuenow={Math.min(have, need)}
        className="h-2 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 dark:bg-brand-400"
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}

export interface RewardsPanelProps {
  rewards: ShopperReward[];
  /** The shopper's balance, for how far each reward still is. */
  availablePoints: number;
  blockOf: (reward: ShopperReward) => RedeemBlock;
  redeemingId: string | null;
  onDetails: (reward: ShopperReward, opener: HTMLElement) => void;
  /** Asks to redeem: the caller confirms first. */
  onRedeem: (reward: ShopperReward, opener: HTMLElement) => void;
}

/** Spec §2: reward cards with name, points, description, details and redeem. */
export function RewardsPanel({
  rewards,
  availablePoints,
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
            {blockOf(reward) === 'insufficient' ? (
              <RewardProgress reward={reward} have={availablePoints} />
            ) : null}
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
                onRedeem={(opener) => onRedeem(reward, opener)}
              />
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
