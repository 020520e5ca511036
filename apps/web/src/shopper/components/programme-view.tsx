import type { StorefrontProgramme } from '@nuqat/contracts';
import { formatMultiplier, formatNumber } from '../lib/format';
import { useI18n, type TextKey } from '../lib/i18n';
import { referralRewardText } from '../lib/referral';
import { EarnPanel } from './earn-panel';
import { Icon, type IconName } from './icons';
import { MinOrderLine, RewardTierLine } from './rewards-panel';
import { CARD, cx } from './ui';

const REDEEM_OFF: Record<NonNullable<StorefrontProgramme['programme']['reason']>, TextKey> = {
  PROGRAMME_PAUSED: 'redeemOff.PROGRAMME_PAUSED',
  SUBSCRIPTION_INACTIVE: 'redeemOff.SUBSCRIPTION_INACTIVE',
  STORE_NEEDS_REINSTALL: 'redeemOff.STORE_NEEDS_REINSTALL',
};

function SectionTitle({ id, icon, text }: { id: string; icon: IconName; text: string }) {
  return (
    <h2
      id={id}
      className="flex items-center gap-2 text-base font-bold text-slate-900 dark:text-white"
    >
      <Icon name={icon} className="size-5 text-brand-700 dark:text-brand-300" />
      {text}
    </h2>
  );
}

export interface ProgrammeViewProps {
  programme: StorefrontProgramme;
}

/**
 * The store's programme for a visitor (issue 23): the rewards and what they cost, the ways to
 * earn, the tiers and the referral gift — what signing in opens. Nobody's data: it comes from the
 * public, cached GET /api/storefront/{store}/programme.
 */
export function ProgrammeView({ programme }: ProgrammeViewProps) {
  const i18n = useI18n();
  const { t, tp, tx, language } = i18n;
  const { rewards, pointsMethods, tiers, referral } = programme;
  const strong = (text: string) => (
    <strong className="font-semibold text-slate-900 dark:text-white">
      <bdi>{text}</bdi>
    </strong>
  );
  return (
    <div className="space-y-6" aria-label={t('programme.label')} role="group">
      {programme.programme.redeemable ? null : (
        <p className="flex gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100">
          <Icon name="pause" className="mt-0.5 size-4 shrink-0" />
          {t(
            programme.programme.reason
              ? REDEEM_OFF[programme.programme.reason]
              : 'redeemOff.unknown',
          )}
        </p>
      )}

      {rewards.length > 0 ? (
        <section aria-labelledby="programme-rewards" className="space-y-3">
          <SectionTitle id="programme-rewards" icon="gift" text={t('programme.rewards')} />
          <ul className="grid gap-3 sm:grid-cols-2">
            {rewards.map((reward) => (
              <li key={reward.id} className={cx(CARD, 'space-y-2 p-4')}>
                <div className="flex items-start justify-between gap-3">
                  <h3 className="font-bold text-slate-900 dark:text-white">
                    <bdi>{reward.name}</bdi>
                  </h3>
                  <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-bold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
                    {tp('points', reward.pointsRequired)}
                  </span>
                </div>
                {reward.description ? (
                  <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-300">
                    <bdi>{reward.description}</bdi>
                  </p>
                ) : null}
                <RewardTierLine reward={{ ...reward, locked: false }} />
                <MinOrderLine amount={reward.minOrderAmount} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {pointsMethods.length > 0 ? (
        <section aria-labelledby="programme-earn" className="space-y-3">
          <SectionTitle id="programme-earn" icon="sparkles" text={t('programme.earn')} />
          <EarnPanel methods={pointsMethods} />
        </section>
      ) : null}

      {tiers && tiers.levels.length > 0 ? (
        <section aria-labelledby="programme-tiers" className="space-y-3">
          <SectionTitle id="programme-tiers" icon="crown" text={t('programme.tiers')} />
          <div className={cx(CARD, 'space-y-3 p-4')}>
            <p className="text-sm text-slate-600 dark:text-slate-300">
              {t('programme.tiersIntro')}
            </p>
            <ol className="space-y-1.5">
              {tiers.levels.map((level) => (
                <li key={level.id} className="flex items-center gap-3 text-sm">
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: level.colour }}
                  />
                  <bdi className="min-w-0 flex-1 font-semibold text-slate-900 dark:text-white">
                    {level.name}
                  </bdi>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                    {t('tier.from', {
                      amount:
                        tiers.basis === 'spend'
                          ? t('tier.sar', { amount: formatNumber(level.threshold, language) })
                          : tp('points', level.threshold),
                    })}
                  </span>
                  <bdi dir="ltr" className="w-12 shrink-0 text-center text-xs font-bold">
                    {formatMultiplier(level.multiplierPct, language)}
                  </bdi>
                </li>
              ))}
            </ol>
          </div>
        </section>
      ) : null}

      {referral ? (
        <section aria-labelledby="programme-referral" className={cx(CARD, 'flex gap-3 p-4')}>
          <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
            <Icon name="userPlus" />
          </span>
          <div className="min-w-0 space-y-1">
            <h2 id="programme-referral" className="font-bold text-slate-900 dark:text-white">
              {t('referral.title')}
            </h2>
            <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">
              {tx('referral.text', {
                friendReward: strong(referralRewardText(referral.referralReward, i18n)),
                yourReward: strong(referralRewardText(referral.participantReward, i18n)),
              })}
            </p>
          </div>
        </section>
      ) : null}
    </div>
  );
}
