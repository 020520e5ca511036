import { SettingSwitchCard } from './setting-switch-card';

/**
 * The monthly report e-mail (docs/decisions/050): on the 1st of each Riyadh month a Growth store's
 * owner gets last month's programme figures with a link to the printable report. On by default.
 */
export function MonthlyReportCard() {
  return (
    <SettingSwitchCard
      id="monthly-report-email"
      setting="monthlyReportEmail"
      texts="monthlyReport"
      fallback
    />
  );
}
