import { useTranslation } from 'react-i18next';
import type { TiersPreview } from '@nuqat/contracts';
import { Card } from '../../../components/ui/card';
import { tierName } from '../../../components/ui/tier-badge';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { formatNumber } from '../../../lib/format';
import type { TierDraft } from '../lib/tiers-draft';

export interface TiersPreviewCardProps {
  tiers: TierDraft[];
  preview: TiersPreview | undefined;
  /** The draft cannot be previewed as it stands (a field is wrong). */
  invalid: boolean;
  loading: boolean;
  failed: boolean;
}

const NO_TIER_COLOUR = '#94a3b8';

/**
 * Before saving: how many of today's customers would land in each tier of the draft, and in
 * none, as a bar per tier. The counts come from the server (POST /api/tiers/preview).
 */
export function TiersPreviewCard({
  tiers,
  preview,
  invalid,
  loading,
  failed,
}: TiersPreviewCardProps) {
  const { t, i18n } = useTranslation('tiers');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  // Counts of an older draft (another number of tiers) would be read against the wrong rows.
  const counts = preview && preview.tiers.length === tiers.length ? preview : undefined;
  const total = counts?.total ?? 0;
  // The highest tier first, as a ladder reads; customers in no tier last.
  const rows = [
    ...tiers
      .map((tier, index) => ({
        key: `tier-${index}`,
        label: tierName(tier, language).trim() || t('tier.untitled', { number: index + 1 }),
        colour: tier.colour,
        count: counts?.tiers[index],
      }))
      .reverse(),
    { key: 'none', label: t('preview.none'), colour: NO_TIER_COLOUR, count: counts?.untiered },
  ];
  const stale = invalid || loading || failed;

  return (
    <Card className="space-y-4 p-5 sm:p-6" data-testid="tiers-preview">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-bold text-slate-900 dark:text-white">{t('preview.title')}</h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {counts
              ? t('preview.total', { count: total, total: formatNumber(total, language) })
              : t('preview.description')}
          </p>
        </div>
        {loading ? <Spinner className="mt-1 size-5 text-brand-600" /> : null}
      </div>
      <ul className={cn('space-y-3', stale && counts && 'opacity-60')} aria-busy={loading}>
        {rows.map((row) => {
          const share = row.count !== undefined && total > 0 ? row.count / total : 0;
          return (
            <li key={row.key} className="space-y-1" data-testid="preview-row">
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="flex min-w-0 items-center gap-2 font-medium text-slate-800 dark:text-slate-100">
                  <span
                    aria-hidden="true"
                    className="size-2.5 shrink-0 rounded-full"
                    style={{ backgroundColor: row.colour }}
                  />
                  <bdi className="truncate">{row.label}</bdi>
                </span>
                <span className="shrink-0 text-slate-700 tabular-nums dark:text-slate-300">
                  {row.count === undefined ? (
                    '—'
                  ) : (
                    <>
                      <bdi dir="ltr" className="font-semibold text-slate-900 dark:text-white">
                        {formatNumber(row.count, language)}
                      </bdi>{' '}
                      <span className="text-xs">
                        (
                        <bdi dir="ltr">
                          {new Intl.NumberFormat(language === 'en' ? 'en-US' : 'ar-SA-u-nu-latn', {
                            style: 'percent',
                            maximumFractionDigits: 0,
                          }).format(share)}
                        </bdi>
                        )
                      </span>
                    </>
                  )}
                </span>
              </div>
              <div className="h-2.5 overflow-hidden rounded-full bg-slate-100 dark:bg-slate-800">
                <div
                  className="h-full rounded-full transition-[width]"
                  style={{
                    width: `${Math.round(share * 100)}%`,
                    minWidth: row.count ? '0.5rem' : undefined,
                    backgroundColor: row.colour,
                  }}
                />
              </div>
            </li>
          );
        })}
      </ul>
      {invalid ? (
        <p className="text-xs text-amber-800 dark:text-amber-300">{t('preview.invalid')}</p>
      ) : failed ? (
        <p className="text-xs text-red-700 dark:text-red-300">{t('preview.failed')}</p>
      ) : (
        <p className="text-xs text-slate-500 dark:text-slate-400">{t('preview.hint')}</p>
      )}
    </Card>
  );
}
