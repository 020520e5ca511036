/**
 * The roi module's front door: the only file other modules may import (docs/decisions/016).
 * The store's control group, the programme's return (docs/decisions/049) and the monthly report
 * (docs/decisions/050).
 */
export { createHoldoutService } from './holdout.service.ts';
export type { HoldoutService } from './holdout.service.ts';
export { roiRoutes } from './roi.routes.ts';
export { createRoiService } from './roi.service.ts';
export type { RoiService } from './roi.service.ts';
export { createMonthlyReports, MONTHLY_REPORT_DAYS } from './monthly-report.service.ts';
export type { MonthlyReports, MonthlyReportRun } from './monthly-report.service.ts';
