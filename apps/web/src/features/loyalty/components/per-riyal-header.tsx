import { Trans, useTranslation } from 'react-i18next';
import { Coins } from 'lucide-react';
import type { LoyaltyRule } from '@nuqat/contracts';
import { Switch } from '../../../components/ui/switch';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import { MethodBadge } from './method-badge';

const n = <bdi dir="ltr" className="font-semibold" />;

/**
 * The points-per-riyal card's head: its icon, heading, state, the switch that turns the method
 * on or off at once, and the saved rate in words.
 */
export function PerRiyalHeader({
  rule,
  enabled,
  earning,
  busy,
  onSwitch,
}: {
  rule: LoyaltyRule | undefined;
  enabled: boolean;
  earning: boolean;
  busy: boolean;
  onSwitch: (on: boolean) => void;
}) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  return (
    <div className="flex items-start gap-3">
      <span
        className={cn(
          'inline-flex size-11 shrink-0 items-center justify-center rounded-xl',
          enabled
            ? 'bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300'
            : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
        )}
      >
        <Coins aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="per-riyal-heading" className="text-lg font-bold text-slate-900 dark:text-white">
            {t('perRiyal.heading')}
          </h2>
          <div className="flex items-center gap-3">
            <MethodBadge enabled={enabled} earning={earning} />
            <Switch
              checked={enabled}
              disabled={busy || !rule}
              aria-label={t('perRiyal.switch')}
              onCheckedChange={onSwitch}
            />
          </div>
        </div>
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-300">
          {enabled && rule?.spendUnit ? (
            <Trans
              t={t}
              i18nKey="perRiyal.rate"
              count={rule.points}
              values={{
                points: formatNumber(rule.points, language),
                unit: formatNumber(rule.spendUnit, language),
              }}
              components={{ n }}
            />
          ) : (
            <span className="font-normal text-slate-500 dark:text-slate-400">
              {t('perRiyal.off')}
            </span>
          )}
        </p>
        <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
          {t('perRiyal.description')}
        </p>
      </div>
    </div>
  );
}
