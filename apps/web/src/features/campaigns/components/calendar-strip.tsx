import { useTranslation } from 'react-i18next';
import { riyadhMinuteToDate, type Campaign } from '@nuqat/contracts';
import { gregorianFormat } from '../lib/dates';
import type { Occasion } from '../lib/occasions';

const DAY = 86_400_000;

/** Where an instant falls in the year, 0–100 (percent of the strip), clamped. */
function position(year: number, at: number): number {
  const start = Date.UTC(year, 0, 1);
  const end = Date.UTC(year + 1, 0, 1);
  return Math.min(100, Math.max(0, ((at - start) / (end - start)) * 100));
}

/**
 * The year at a glance: twelve months, the store's campaigns as bars and the Saudi occasions as
 * marks. Positions are logical (inset-inline-start), so the strip runs right-to-left in Arabic.
 */
export function CalendarStrip({
  year,
  campaigns,
  occasions,
}: {
  year: number;
  campaigns: Campaign[];
  occasions: Occasion[];
}) {
  const { t, i18n } = useTranslation('campaigns');
  const language = i18n.language === 'en' ? 'en' : 'ar';
  const month = gregorianFormat(language, { month: 'short', timeZone: 'UTC' });
  const inYear = campaigns.filter((c) => {
    const s = riyadhMinuteToDate(c.startsAt).getTime();
    const e = riyadhMinuteToDate(c.endsAt).getTime();
    return e > Date.UTC(year, 0, 1) && s < Date.UTC(year + 1, 0, 1);
  });
  return (
    <figure
      className="space-y-2"
      data-testid="calendar-strip"
      aria-label={t('strip.label', { year })}
    >
      <div className="grid grid-cols-12 text-center text-xs text-slate-500 dark:text-slate-400">
        {Array.from({ length: 12 }, (_, m) => (
          <span
            key={m}
            className="border-s border-slate-200 first:border-s-0 dark:border-slate-700"
          >
            <span aria-hidden="true" className="sm:hidden">
              {m + 1}
            </span>
            <span className="hidden sm:inline">
              {month.format(new Date(Date.UTC(year, m, 15)))}
            </span>
          </span>
        ))}
      </div>
      <div className="relative h-16 rounded-xl bg-slate-100 dark:bg-slate-800">
        {occasions.map((o) => {
          const at = Date.parse(`${o.start}T00:00:00Z`);
          const width = Math.max(0.6, position(year, at + o.days * DAY) - position(year, at));
          return (
            <span
              key={o.key}
              title={t(`occasions.${o.key}`)}
              className="absolute top-0 h-3 rounded-b bg-amber-400/80 dark:bg-amber-500/70"
              style={{ insetInlineStart: `${position(year, at)}%`, width: `${width}%` }}
            />
          );
        })}
        {inYear.map((c, i) => {
          const s = riyadhMinuteToDate(c.startsAt).getTime();
          const e = riyadhMinuteToDate(c.endsAt).getTime();
          const width = Math.max(0.8, position(year, e) - position(year, s));
          return (
            <span
              key={c.id}
              title={language === 'en' ? c.nameEn : c.nameAr}
              className={
                c.status === 'ended'
                  ? 'absolute h-4 rounded bg-slate-400 dark:bg-slate-500'
                  : 'absolute h-4 rounded bg-brand-600 dark:bg-brand-500'
              }
              style={{
                insetInlineStart: `${position(year, s)}%`,
                width: `${width}%`,
                top: `${20 + (i % 2) * 20}px`,
              }}
            />
          );
        })}
      </div>
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded bg-brand-600" />
          {t('strip.campaigns')}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded bg-amber-400" />
          {t('strip.occasions')}
        </span>
      </figcaption>
    </figure>
  );
}
