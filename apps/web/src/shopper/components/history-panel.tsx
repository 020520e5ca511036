import { useState } from 'react';
import type { HistoryEntry, SHOPPER_HISTORY_PREVIEW } from '@nuqat/contracts';
import { formatNumber } from '../lib/format';
import { useI18n } from '../lib/i18n';
import { EmptyState } from './empty-state';
import { CARD, buttonClass, cx } from './ui';

// Spec §9, the contract's constant by type only.
const PREVIEW: typeof SHOPPER_HISTORY_PREVIEW = 5;

/**
 * What a screen reader says the entry did, by its ledger kind: a refund's deduction is a refund,
 * an expiry an expiry, not "Redeemed" because the points went down (issue 27).
 */
function spokenKind(entry: HistoryEntry) {
  switch (entry.kind) {
    case 'clawback':
      return 'history.refund' as const;
    case 'expire':
      return 'history.expired' as const;
    case 'adjust':
      return 'history.adjusted' as const;
    case 'redeem':
      return 'history.redeemed' as const;
    default:
      return entry.points < 0 ? ('history.redeemed' as const) : ('history.earned' as const);
  }
}

export interface HistoryPanelProps {
  history: HistoryEntry[];
}

/** Spec §4: the latest 5 entries until the shopper asks for all of them. */
export function HistoryPanel({ history }: HistoryPanelProps) {
  const { t, language } = useI18n();
  const [expanded, setExpanded] = useState(false);
  if (history.length === 0) return <EmptyState icon="history" text={t('history.empty')} />;
  const shown = expanded ? history : history.slice(0, PREVIEW);
  return (
    <div className="space-y-3">
      <ul className={cx(CARD, 'divide-y divide-slate-200 dark:divide-slate-800')}>
        {shown.map((entry) => {
          const credit = entry.points >= 0;
          // A clawback the balance could not cover moves no points now: what it left owed shows.
          const owedOnly = entry.points === 0 && (entry.owed ?? 0) > 0;
          return (
            <li key={entry.id} className="flex items-center gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium text-slate-900 dark:text-white">
                  {entry.description}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {entry.formattedDate}
                  <span className="sr-only">
                    {' · '}
                    {t(spokenKind(entry))}
                  </span>
                </p>
              </div>
              {owedOnly ? (
                <span className="shrink-0 text-sm font-bold text-amber-800 dark:text-amber-300">
                  <bdi dir="ltr" className="tabular-nums">
                    {formatNumber(entry.owed, language)}
                  </bdi>{' '}
                  {t('history.owed')}
                </span>
              ) : (
                <bdi
                  dir="ltr"
                  className={cx(
                    'shrink-0 font-bold tabular-nums',
                    credit
                      ? 'text-brand-700 dark:text-brand-300'
                      : 'text-red-700 dark:text-red-300',
                  )}
                >
                  {credit ? '+' : '−'}
                  {formatNumber(Math.abs(entry.points), language)}
                </bdi>
              )}
            </li>
          );
        })}
      </ul>
      {!expanded && history.length > PREVIEW ? (
        <button
          type="button"
          className={buttonClass('secondary', 'w-full')}
          onClick={() => setExpanded(true)}
        >
          {t('history.showAll', { count: formatNumber(history.length, language) })}
        </button>
      ) : null}
    </div>
  );
}
