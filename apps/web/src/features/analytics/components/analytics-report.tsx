import type { Analytics } from '@nuqat/contracts';
import { ExportButtons } from './export-buttons';
import { ImpactBox } from './impact-box';
import { MonthlyTrends } from './monthly-trends';
import { PerformanceCards } from './performance-cards';
import { PeriodSummary } from './period-summary';
import { PointsDonut } from './points-donut';
import { RoiSection } from './roi-section';
import { CouponRevenueCard, SegmentsCard } from './segments-card';
import { TopCustomers } from './top-customers';

export interface AnalyticsReportProps {
  data: Analytics;
  /** The previous range's figures are shown while the new range loads. */
  updating?: boolean;
}

/** Every figure of the analytics screen, from one answer of GET /api/merchants/analytics. */
export function AnalyticsReport({ data, updating = false }: AnalyticsReportProps) {
  return (
    <div
      data-testid="analytics-report"
      aria-busy={updating || undefined}
      className={updating ? 'space-y-6 opacity-60 transition-opacity' : 'space-y-6'}
    >
      <ImpactBox impact={data.impact} range={data.range} />
      <RoiSection />
      <PeriodSummary period={data.period} />
      <PerformanceCards totals={data.totals} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <SegmentsCard segments={data.membersVsNonMembers} />
        <CouponRevenueCard revenue={data.couponRevenue} />
      </div>
      <div className="flex justify-end">
        <ExportButtons data={data} />
      </div>
      <MonthlyTrends months={data.monthlyTrends} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <PointsDonut distribution={data.distribution} />
        <TopCustomers customers={data.topCustomers} />
      </div>
    </div>
  );
}
