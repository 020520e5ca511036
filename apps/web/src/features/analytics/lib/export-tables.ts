import type { Analytics } from '@nuqat/contracts';
import { toCsv } from './csv';

export const EXPORT_TABLES = ['monthly', 'customers', 'distribution'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/** A text of the `analytics` catalogue in the merchant's language, e.g. `csv.monthly.month`. */
export type CatalogueText = (key: string) => string;

export interface CsvFile {
  fileName: string;
  text: string;
}

/** Share of `part` in `whole` as a percentage with one decimal, as the API gives rates. */
export function sharePercent(part: number, whole: number): number | null {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;
}

/** "nuqat-analytics-monthly-2026-10-25_2026-11-23.csv": the table and the range it came from. */
export function exportFileName(table: ExportTable, range: Analytics['range']): string {
  return `nuqat-analytics-${table}-${range.from}_${range.to}.csv`;
}

/**
 * One of the screen's tables as a CSV file, from the figures the screen loaded: plain numbers
 * (no K/M, no currency sign, riyals with their halalas) so a spreadsheet can add them up.
 */
export function buildCsv(table: ExportTable, data: Analytics, text: CatalogueText): CsvFile {
  const columns = (names: readonly string[]) => names.map((name) => text(`csv.${table}.${name}`));
  const fileName = exportFileName(table, data.range);
  switch (table) {
    case 'monthly':
      return {
        fileName,
        text: toCsv(
          columns([
            'month',
            'pointsEarned',
            'pointsRedeemed',
            'orders',
            'revenue',
            'newMembers',
            'couponsUsed',
          ]),
          data.monthlyTrends.map((m) => [
            m.month,
            m.pointsEarned,
            m.pointsRedeemed,
            m.orders,
            m.revenue,
            m.newMembers,
            m.couponsUsed,
          ]),
        ),
      };
    case 'customers':
      return {
        fileName,
        text: toCsv(
          columns(['rank', 'name', 'points', 'orders', 'totalSpent']),
          data.topCustomers.map((c, index) => [
            index + 1,
            c.name,
            c.points,
            c.orders,
            c.totalSpent,
          ]),
        ),
      };
    case 'distribution': {
      const members = data.distribution.reduce((sum, b) => sum + b.customers, 0);
      return {
        fileName,
        text: toCsv(
          columns(['bucket', 'members', 'share']),
          data.distribution.map((b) => [
            text(`distribution.buckets.${b.bucket}`),
            b.customers,
            sharePercent(b.customers, members),
          ]),
        ),
      };
    }
  }
}
