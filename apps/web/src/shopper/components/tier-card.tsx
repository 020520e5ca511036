import type { ShopperReward, ShopperTier } from '@nuqat/contracts';
import { formatDate, formatMultiplier, formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { CARD, cx } from './ui';

export interface TierCardProps {
  tier: ShopperTier;
  rewards: ShopperReward[];
}

/**
 * The shopper's VIP tier (issue 14): where they are, what it gives them, how far the next tier
 * is, the grace period when they have fallen below their tier, and the ladder of tiers.
 */
export function TierCard({ tier, rewards }: TierCardProps) {
  const { t, tp, language } = useI18n();
  const { current, next } = tier;
  const amount = (value: number) =>
    tier.basis === 'spend'
      ? t('tier.sar', { amount: formatNumber(value, language) })
      : tp('points', value);
  const base = current?.threshold ?? 0;
  const progress = next
    ? Math.min(1, Math.max(0, (tier.value - base) / Math.max(1, next.threshold - base)))
    : 1;
  const perks = current
    ? [
        current.multiplierPct > 100
          ? t('tier.perkMultiplier', {
              multiplier: formatMultiplier(current.multiplierPct, language),
            })
          : null,
        current.birthdayMultiplierPct !== null &&
        current.birthdayMultiplierPct !== current.multiplierPct
          ? t('tier.perkBirthday', {
              multiplier: formatMultiplier(current.birthdayMultiplierPct, language),
            })
          : null,
      ].filter((perk): perk is string => perk !== null)
    : [];
  const reserved = rewards.filter((reward) => reward.minTier && !reward.locked);
  const valueKey =
    tier.basis === 'spend'
      ? tier.window === 'lifetime'
        ? 'tier.valueSpendLifetime'
        : 'tier.valueSpend12'
      : tier.window === 'lifetime'
        ? 'tier.valuePointsLifetime'
        : 'tier.valuePoints12';

  return (
    <section
      aria-labelledby="tier-title"
      className={cx(CARD, 'space-y-4 overflow-hidden p-5')}
      data-testid="tier-card"
      style={current ? { borderTopColor: current.colour, borderTopWidth: 4 } : undefined}
    >
      <div className="flex items-start gap-3">
        <span
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-white"
          style={{ backgroundColor: current?.colour ?? '#94a3b8' }}
        >
          <Icon name="crown" className="size-5" />
        </span>
        <div className="min-w-0 space-y-0.5">
          <p className="text-sm text-slate-600 dark:text-slate-400">{t('tier.label')}</p>
          <h2 id="tier-title" className="text-xl font-extrabold text-slate-900 dark:text-white">
            <bdi>{current ? current.name : t('tier.noneYet')}</bdi>
          </h2>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {t(valueKey, { amount: formatNumber(tier.value, language) })}
          </p>
        </div>
      </div>

      {perks.length > 0 || reserved.length > 0 ? (
        <div className="space-y-1.5">
          <h3 className="text-sm font-bold text-slate-900 dark:text-white">{t('tier.perks')}</h3>
          <ul className="space-y-1 text-sm text-slate-700 dark:text-slate-300">
            {perks.map((perk) => (
              <li key={perk} className="flex items-start gap-2">
                <Icon
                  name="sparkles"
                  className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300"
                />
                <span>{perk}</span>
              </li>
            ))}
            {reserved.length > 0 ? (
              <li className="flex items-start gap-2">
                <Icon
                  name="gift"
                  className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300"
                />
                <span>
                  {t('tier.perkRewards', {
                    names: reserved
                      .map((reward) => `\u2068${reward.name}\u2069`)
                      .join(t('tier.and')),
                  })}
                </span>
              </li>
            ) : null}
          </ul>
        </div>
      ) : null}

      {tier.graceEndsAt && current ? (
        <p
          className="flex gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100"
          data-testid="tier-grace"
        >
          <Icon name="hourglass" className="mt-0.5 size-4 shrink-0" />
          <span>
            {t('tier.grace', {
              name: current.name,
              date: formatDate(tier.graceEndsAt, language),
            })}
          </span>
        </p>
      ) : null}

      <div className="space-y-2">
        <p
          className="text-sm font-semibold text-slate-900 dark:text-white"
          data-testid="tier-progress"
        >
          {next
            ? tier.basis === 'spend'
              ? t('tier.toNextSpend', {
                  amount: formatNumber(next.remaining, language),
                  name: next.name,
                })
              : tp('tier.toNextPoints', next.remaining, { name: next.name })
            : t('tier.top')}
        </p>
        {next ? (
          <div
            className="h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800"
            aria-hidden="true"
          >
            <div
              className="h-full rounded-full"
              style={{ width: `${Math.round(progress * 100)}%`, backgroundColor: next.colour }}
            />
          </div>
        ) : null}
      </div>

      {tier.levels.length > 0 ? (
        <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-800">
          <h3 className="text-sm font-bold text-slate-900 dark:text-white">{t('tier.ladder')}</h3>
          <ol className="space-y-1.5" data-testid="tier-ladder">
            {tier.levels.map((level) => {
              const here = level.id === current?.id;
              return (
                <li
                  key={level.id}
                  aria-current={here ? 'step' : undefined}
                  className={cx(
                    'flex items-center gap-3 rounded-xl px-3 py-2 text-sm',
                    here
                      ? 'bg-brand-50 font-semibold text-brand-900 dark:bg-brand-950 dark:text-brand-100'
                      : 'text-slate-700 dark:text-slate-300',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className="size-3 shrink-0 rounded-full"
                    style={{ backgroundColor: level.colour }}
                  />
                  <span className="min-w-0 flex-1">
                    <bdi className="font-semibold">{level.name}</bdi>
                    {here ? <span className="ms-2 text-xs">({t('tier.here')})</span> : null}
                  </span>
                  <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">
                    {t('tier.from', { amount: amount(level.threshold) })}
                  </span>
                  <bdi dir="ltr" className="w-12 shrink-0 text-center text-xs font-bold">
                    {formatMultiplier(level.multiplierPct, language)}
                  </bdi>
                </li>
              );
            })}
          </ol>
        </div>
      ) : null}
    </section>
  );
}
