import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../../config/paths';
import { MonthlyReport } from '../../../features/analytics/components/monthly-report';
import { useDocumentTitle } from '../../../lib/document-title';

const thisMonth = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 7);

/** /analytics/report/:month — the printable monthly report (docs/decisions/050). */
export function AnalyticsReportRoute() {
  const { t } = useTranslation('analytics');
  useDocumentTitle('merchant:screens.analytics.title');
  const { month = '' } = useParams();
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month) && month <= thisMonth();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <Link to={paths.analytics} className="inline-flex min-h-11 items-center underline">
          {t('report.back')}
        </Link>
        {valid ? (
          <button
            type="button"
            onClick={() => window.print()}
            className="min-h-11 rounded-xl bg-brand-700 px-4 text-white"
          >
            {t('report.print')}
          </button>
        ) : null}
      </div>
      {valid ? <MonthlyReport month={month} /> : <p role="alert">{t('report.badMonth')}</p>}
    </div>
  );
}
