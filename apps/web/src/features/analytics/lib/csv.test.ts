import { describe, expect, test } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { analyticsData } from '../testing/analytics-body';
import { CSV_BOM, toCsv } from './csv';
import { buildCsv, exportFileName } from './export-tables';

const text = (language: 'ar' | 'en') => (key: string) =>
  i18n.getFixedT(language, 'analytics')(key as never) as unknown as string;

/** The file's lines without the BOM and the final line end. */
const lines = (csv: string) => csv.slice(1).replace(/\r\n$/, '').split('\r\n');

describe('CSV files', () => {
  test('start with the UTF-8 byte-order mark and end each line with CRLF', () => {
    const csv = toCsv(['a', 'b'], [[1, 2]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(csv).toBe('\uFEFFa,b\r\n1,2\r\n');
  });

  test('quote commas, quotes and line breaks, and defuse text that looks like a formula', () => {
    const csv = toCsv(
      ['name'],
      [['Omar, "the regular"'], ['two\nlines'], ['=HYPERLINK("x")'], ['+1'], ['@a'], [-5], [null]],
    );
    expect(lines(csv)).toEqual([
      'name',
      '"Omar, ""the regular"""',
      '"two\nlines"',
      `"'=HYPERLINK(""x"")"`,
      "'+1",
      "'@a",
      '-5',
      '',
    ]);
  });

  test('the monthly trends in Arabic: Arabic header row, one row per month, plain numbers', () => {
    const data = analyticsData();
    const file = buildCsv('monthly', data, text('ar'));
    expect(file.fileName).toBe('nuqat-analytics-monthly-2026-10-26_2026-11-24.csv');
    expect(file.text.startsWith(CSV_BOM)).toBe(true);
    const rows = lines(file.text);
    expect(rows[0]).toBe(
      'الشهر,النقاط المكتسبة,النقاط المستبدلة,الطلبات,الإيرادات (ريال),عملاء جدد,كوبونات مستخدمة',
    );
    expect(rows).toHaveLength(7);
    expect(rows[1]).toBe('2026-06,900,300,70,15000,30,10');
    expect(rows[6]).toBe('2026-11,1000,650,60,13250.75,22,11');
  });

  test('top customers and the distribution in English', () => {
    const data = analyticsData();
    const customers = lines(buildCsv('customers', data, text('en')).text);
    expect(customers).toEqual([
      'Rank,Customer,Points,Orders,Amount spent (SAR)',
      '1,سارة العتيبي,2450,7,3120.5',
      `2,"'=HYPERLINK(""x"")",1320,3,940`,
      '3,"Omar, ""the regular""",610,2,455.25',
    ]);
    const distribution = buildCsv('distribution', data, text('en'));
    expect(distribution.fileName).toBe('nuqat-analytics-distribution-2026-10-26_2026-11-24.csv');
    expect(lines(distribution.text)).toEqual([
      'Balance (points),Customers,Share (%)',
      '0 – 100 points,700,56.7',
      '101 – 500 points,300,24.3',
      '"501 – 1,000 points",150,12.2',
      '"1,001 – 2,000 points",60,4.9',
      '"More than 2,000 points",24,1.9',
    ]);
  });

  test('an empty store exports the header and zero rows, never an error', () => {
    const data = { ...analyticsData(), topCustomers: [] };
    expect(lines(buildCsv('customers', data, text('ar')).text)).toEqual([
      'الترتيب,العميل,النقاط,الطلبات,المبلغ المنفق (ريال)',
    ]);
    expect(exportFileName('customers', data.range)).toBe(
      'nuqat-analytics-customers-2026-10-26_2026-11-24.csv',
    );
  });
});
