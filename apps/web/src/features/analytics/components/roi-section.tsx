import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Roi, RoiDifference } from '@nuqat/contracts';
import { formatCurrency } from '../../../lib/format';
import { formatDecimal } from '../lib/format-figures';
import { useHoldoutActions, useRoi } from '../api/roi';
import { useLanguage } from '../lib/language';

const thisMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);

/** Does the programme pay? Members vs the control group for a month (docs/decisions/049). */
export function RoiSection() {
  const { t } = useTranslation('analytics');
  const [month, setMonth] = useState(thisMonth);
  const roi = useRoi(month);
  return (
    <section
      aria-labelledby="roi-heading"
      aria-busy={roi.isFetching}
      data-testid="roi-section"
      className="space-y-4 rounded-3xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h2 id="roi-heading" className="text-lg font-bold">
            {t('roi.heading')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300">{t('roi.description')}</p>
        </div>
        <label className="flex items-center gap-2 text-sm">
          {t('roi.month')}
          <input
            type="month"
            value={month}
            max={thisMonth()}
            onChange={(e) => e.target.value && setMonth(e.target.value)}
            className="min-h-11 rounded-xl border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-800"
          />
        </label>
        <Link
          to={paths.analyticsReport.replace(':month', month)}
          data-testid="roi-report-link"
          className="inline-flex min-h-11 items-center rounded-xl border border-slate-300 px-4 text-sm dark:border-slate-600"
        >
          {t('report.open')}
        </Link>
      </div>
      {roi.data ? <RoiBody data={roi.data} /> : null}
      {roi.isError ? <p role="alert">{t('error.title')}</p> : null}
    </section>
  );
}

/** The comparison itself; `readOnly` leaves out the control group's switches (the printed report). */
export function RoiBody({ data, readOnly = false }: { data: Roi; readOnly?: boolean }) {
  const { t } = useTranslation('analytics');
  const language = useLanguage();
  const sar = (v: number | null) => (v === null ? '—' : formatCurrency(v, language));
  const num = (v: number | null, digits = 2) =>
    v === null ? '—' : formatDecimal(v, language, digits);
  // Signed figures read left to right in Arabic too, the sign on the left (issue 15).
  const interval = (d: RoiDifference, fmt: (v: number) => string) =>
    d === null ? '—' : <bdi dir="ltr">{`${fmt(d.estimate)} (${fmt(d.low)} … ${fmt(d.high)})`}</bdi>;
  return (
    <div className="space-y-4">
      {readOnly ? null : <HoldoutControl data={data} />}
      {data.hasControlGroup && data.members && data.control ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm" data-testid="roi-table">
              <thead>
                <tr className="text-start">
                  <th className="p-2 text-start">{t('roi.figure')}</th>
                  <th className="p-2 text-start">{t('roi.members')}</th>
                  <th className="p-2 text-start">{t('roi.control')}</th>
                  <th className="p-2 text-start">{t('roi.difference')}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th className="p-2 text-start font-normal">{t('roi.shoppers')}</th>
                  <td className="p-2">{num(data.members.shoppers, 0)}</td>
                  <td className="p-2">{num(data.control.shoppers, 0)}</td>
                  <td className="p-2" />
                </tr>
                <tr>
                  <th className="p-2 text-start font-normal">{t('roi.revenuePerShopper')}</th>
                  <td className="p-2">{sar(data.members.revenuePerShopper)}</td>
                  <td className="p-2">{sar(data.control.revenuePerShopper)}</td>
                  <td className="p-2">
                    {interval(data.differences.revenuePerShopper, (v) => num(v))}
                  </td>
                </tr>
                <tr>
                  <th className="p-2 text-start font-normal">{t('roi.ordersPerShopper')}</th>
                  <td className="p-2">{num(data.members.ordersPerShopper, 3)}</td>
                  <td className="p-2">{num(data.control.ordersPerShopper, 3)}</td>
                  <td className="p-2">
                    {interval(data.differences.ordersPerShopper, (v) => num(v, 3))}
                  </td>
                </tr>
                <tr>
                  <th className="p-2 text-start font-normal">{t('roi.repeatRate')}</th>
                  <td className="p-2">{num(data.members.repeatRate, 1)}%</td>
                  <td className="p-2">{num(data.control.repeatRate, 1)}%</td>
                  <td className="p-2">
                    {interval(data.differences.repeatRate, (v) => `${num(v, 1)}%`)}
                  </td>
                </tr>
              </tbody>
            </table>
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-300">{t('roi.method')}</p>
          {data.tooSmall ? (
            <p
              role="status"
              className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/60 dark:text-amber-100"
            >
              {t('roi.tooSmall')}
            </p>
          ) : null}
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('roi.cost')}</dt>
              <dd className="text-lg font-bold">{sar(data.cost?.totalSar ?? null)}</dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('roi.incremental')}</dt>
              <dd className="text-lg font-bold">
                <bdi dir="ltr">{sar(data.incrementalRevenueSar)}</bdi>
              </dd>
            </div>
            <div>
              <dt className="text-sm text-slate-600 dark:text-slate-300">{t('roi.return')}</dt>
              <dd className="text-lg font-bold">
                <bdi dir="ltr">
                  {data.returnOnCost === null ? '—' : `×${num(data.returnOnCost)}`}
                </bdi>
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <div className="space-y-2">
          <p role="status" className="rounded-xl bg-slate-100 p-3 text-sm dark:bg-slate-800">
            {t('roi.unknowable')}
          </p>
          <h3 className="font-bold">{t('roi.membersVsGuests')}</h3>
          <p className="text-sm">
            {t('roi.membersLine', {
              orders: num(data.membersVsGuests.members.orders, 0),
              sales: sar(data.membersVsGuests.members.salesSar),
            })}
          </p>
          <p className="text-sm">
            {t('roi.guestsLine', {
              orders: num(data.membersVsGuests.guests.orders, 0),
              sales: sar(data.membersVsGuests.guests.salesSar),
            })}
          </p>
        </div>
      )}
    </div>
  );
}

function HoldoutControl({ data }: { data: Roi }) {
  const { t } = useTranslation('analytics');
  const { start, end } = useHoldoutActions();
  const [percent, setPercent] = useState(data.holdout.percent ?? 10);
  const [backPay, setBackPay] = useState(false);
  if (!data.holdout.available) return <p className="text-sm">{t('roi.growthOnly')}</p>;
  const busy = start.isPending || end.isPending;
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <span>{t(`roi.status.${data.holdout.status}`, { percent: data.holdout.percent ?? 0 })}</span>
      {data.holdout.status === 'running' ? (
        <>
          <label className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              checked={backPay}
              onChange={(e) => setBackPay(e.target.checked)}
            />
            {t('roi.backPay')}
          </label>
          <button
            type="button"
            disabled={busy}
            onClick={() => end.mutate(backPay)}
            className="min-h-11 rounded-xl border border-slate-300 px-4 dark:border-slate-600"
          >
            {t('roi.end')}
          </button>
        </>
      ) : (
        <>
          <label className="flex items-center gap-2">
            {t('roi.percent')}
            <input
              type="number"
              min={1}
              max={20}
              value={percent}
              onChange={(e) => setPercent(Number(e.target.value))}
              className="min-h-11 w-20 rounded-xl border border-slate-300 px-2 dark:border-slate-600 dark:bg-slate-800"
            />
          </label>
          <button
            type="button"
            disabled={busy || percent < 1 || percent > 20}
            onClick={() => start.mutate(percent)}
            className="min-h-11 rounded-xl bg-brand-700 px-4 text-white"
          >
            {t('roi.start')}
          </button>
        </>
      )}
    </div>
  );
}
