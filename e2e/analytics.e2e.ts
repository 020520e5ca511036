import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Analytics } from '@nuqat/contracts';
import arAnalytics from '../apps/web/src/locales/ar/analytics.json' with { type: 'json' };
import enAnalytics from '../apps/web/src/locales/en/analytics.json' with { type: 'json' };
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

const text = { ar: arAnalytics, en: enAnalytics };
const screens = { ar: arMerchant.screens, en: enMerchant.screens };
type Lang = 'ar' | 'en';

let product: Product;
let browser: Browser;
let session: MerchantSession;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  session = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** What the API answers the test itself (bearer token), to hold the screen against. */
async function analytics(query = ''): Promise<Analytics> {
  const res = await fetch(`${product.baseUrl}/api/merchants/analytics${query}`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Analytics }).data;
}

const riyadhToday = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
const addDays = (day: string, days: number) =>
  new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

/** Figures formatted by the browser's own Intl, as the screen must show them. */
function formatter(page: Page, lang: Lang) {
  const locale = lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US';
  const run = (kind: string, value: number | string) =>
    page.evaluate(
      ([loc, k, v]) => {
        const n = (options: Intl.NumberFormatOptions) => new Intl.NumberFormat(loc, options);
        switch (k) {
          case 'number':
            return n({ maximumFractionDigits: 0 }).format(v as number);
          case 'sar':
            return n({
              style: 'currency',
              currency: 'SAR',
              minimumFractionDigits: 0,
              maximumFractionDigits: 0,
            }).format(v as number);
          case 'percent':
            return n({ style: 'percent', maximumFractionDigits: 1 }).format((v as number) / 100);
          default: {
            const [y, m] = (v as string).split('-').map(Number) as [number, number];
            return new Intl.DateTimeFormat(loc.replace('-u-', '-u-ca-gregory-'), {
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            }).format(Date.UTC(y, m - 1, 1));
          }
        }
      },
      [locale, kind, value] as const,
    );
  return {
    number: (v: number) => run('number', v),
    sar: (v: number) => run('sar', v),
    percent: (v: number | null) => (v === null ? Promise.resolve('—') : run('percent', v)),
    month: (v: string) => run('month', v),
  };
}

async function openAnalytics(lang: Lang, query = '', options: { width?: number } = {}) {
  const opened = await openSignedIn(browser, session, {
    language: lang,
    width: options.width ?? 1280,
    height: 900,
  });
  await opened.page.goto(`${product.baseUrl}/analytics${query}`);
  await opened.page
    .getByRole('heading', { level: 1, name: screens[lang].analytics.title })
    .waitFor();
  return opened;
}

const textOf = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).textContent()) ?? '').trim();

/** Every figure on screen against the API's answer for the same range. */
async function expectFigures(page: Page, lang: Lang, data: Analytics) {
  const t = text[lang];
  const f = formatter(page, lang);
  await page.getByTestId('analytics-report').waitFor();
  expect(await page.getByTestId('analytics-report').getAttribute('aria-busy')).toBeNull();

  const badge = await textOf(page, 'store-badge');
  expect(badge).toContain(data.storeName);
  expect(badge).toContain(data.userEmail);

  // Impact: each rate, or the dash with its reason.
  for (const key of ['repeatCustomerRate', 'retentionRate', 'redemptionRate'] as const) {
    const value = data.impact[key];
    expect(await textOf(page, `impact-${key}-value`)).toBe(await f.percent(value));
    expect(await page.getByTestId(`impact-${key}-none`).count()).toBe(value === null ? 1 : 0);
    if (value === null) expect(await textOf(page, `impact-${key}-none`)).toBe(t.impact[key].none);
  }
  const aov = data.impact.averageOrderValue;
  expect(await textOf(page, 'impact-averageOrderValue-value')).toBe(
    aov === null ? '—' : await f.sar(aov),
  );
  const growth = await textOf(page, 'impact-revenueGrowth-value');
  if (data.impact.revenueGrowth === null) expect(growth).toBe('—');
  else expect(growth).toContain(await f.percent(Math.abs(data.impact.revenueGrowth)));

  // Performance cards: the exact figure is the title behind the shortened one.
  const title = (id: string) => page.getByTestId(`${id}-value`).getAttribute('title');
  expect(await title('perf-members')).toBe(await f.number(data.totals.members));
  expect(await title('perf-pointsOutstanding')).toBe(await f.number(data.totals.pointsOutstanding));
  expect(await title('perf-pointsRedeemed')).toBe(await f.number(data.totals.pointsRedeemed));
  expect(await title('perf-sales')).toBe(await f.sar(data.totals.sales));
  if (data.totals.liabilitySar === null) {
    expect(await textOf(page, 'perf-liability-value')).toBe('—');
    expect(await textOf(page, 'perf-liability-none')).toBe(t.performance.liability.none);
  } else {
    expect(await title('perf-liability')).toBe(await f.sar(data.totals.liabilitySar));
  }
  if (data.totals.members < 1000) {
    expect(await textOf(page, 'perf-members-value')).toBe(await f.number(data.totals.members));
  }

  // Within the range.
  expect(await page.getByTestId('period-orders').getAttribute('title')).toBe(
    await f.number(data.period.orders),
  );
  expect(await page.getByTestId('period-sales').getAttribute('title')).toBe(
    await f.sar(data.period.sales),
  );

  // Members vs guests, coupon revenue.
  const orders = page.getByTestId('segment-orders').locator('td');
  expect((await orders.allTextContents()).map((s) => s.trim())).toEqual([
    await f.number(data.membersVsNonMembers.members.orders),
    await f.number(data.membersVsNonMembers.nonMembers.orders),
  ]);
  expect(await textOf(page, 'coupon-revenue-orders')).toBe(
    await f.number(data.couponRevenue.orders),
  );
  expect(await page.getByTestId('coupon-revenue-sales').getAttribute('title')).toBe(
    await f.sar(data.couponRevenue.sales),
  );
  expect(await textOf(page, 'coupon-revenue-share')).toBe(
    await f.percent(data.couponRevenue.share),
  );

  // Distribution legend, or its empty state.
  const members = data.distribution.reduce((sum, b) => sum + b.customers, 0);
  if (members === 0) {
    await page.getByText(t.distribution.empty).waitFor();
  } else {
    for (const bucket of data.distribution) {
      const row = page.getByTestId(`bucket-${bucket.bucket}`);
      expect(await row.textContent()).toContain(t.distribution.buckets[bucket.bucket]);
      expect(await row.textContent()).toContain(await f.number(bucket.customers));
    }
    expect(await page.locator('[data-testid="distribution"] svg[role="img"]').count()).toBe(1);
  }

  // Six real months, named in the language, each figure as the API counted it.
  expect(data.monthlyTrends).toHaveLength(6);
  for (const month of data.monthlyTrends) {
    const row = page.getByTestId(`trend-${month.month}`);
    expect((await row.locator('th').textContent())?.trim()).toBe(await f.month(month.month));
    const cell = async (column: string) =>
      ((await row.locator(`td[data-column="${column}"]`).textContent()) ?? '').trim();
    expect(await cell('pointsEarned')).toBe(await f.number(month.pointsEarned));
    expect(await cell('pointsRedeemed')).toBe(await f.number(month.pointsRedeemed));
    expect(await cell('orders')).toBe(await f.number(month.orders));
    expect(await cell('revenue')).toBe(await f.sar(month.revenue));
    expect(await cell('newMembers')).toBe(await f.number(month.newMembers));
    expect(await cell('couponsUsed')).toBe(await f.number(month.couponsUsed));
  }
  const chart = page.getByTestId('trends-chart');
  expect(await chart.getAttribute('role')).toBe('img');
  expect(await chart.getAttribute('aria-label')).toContain(
    await f.month(data.monthlyTrends[5]!.month),
  );

  // Top customers, in the API's order.
  const rows = page.getByTestId('top-customer');
  expect(await rows.count()).toBe(data.topCustomers.length);
  for (const [index, customer] of data.topCustomers.entries()) {
    const row = rows.nth(index);
    expect((await row.locator('th').textContent())?.trim()).toBe(customer.name);
    expect((await row.locator('td[data-column="points"]').textContent())?.trim()).toBe(
      await f.number(customer.points),
    );
    expect((await row.locator('td[data-column="totalSpent"]').textContent())?.trim()).toBe(
      await f.sar(customer.totalSpent),
    );
  }

  // No unsourced "industry research" percentages (issue 27): the store's own figures only.
  expect(await page.getByTestId('industry-figures').count()).toBe(0);
}

/** The analytics answer for one query string, waited for from before the action that asks it. */
function answerFor(page: Page, search: string) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/merchants/analytics' && url.search === search;
  });
}

/** The report shows its newest answer: present and not marked busy. */
async function reportSettled(page: Page) {
  await page.waitForSelector('[data-testid="analytics-report"]:not([aria-busy])');
}

describe.each(['ar', 'en'] as const)('/analytics in %s', (lang) => {
  const t = text[lang];

  test("the demo store's figures for the last 30 days, as the API answers them", async () => {
    const data = await analytics();
    expect(data.totals.members).toBeGreaterThan(0);
    expect(data.totals.orders).toBeGreaterThan(0);
    const { context, page } = await openAnalytics(lang);
    try {
      expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(await page.getByLabel(t.range.label, { exact: true }).inputValue()).toBe('30d');
      await expectFigures(page, lang, data);
      expect(data.range).toMatchObject({ from: addDays(riyadhToday(), -29), to: riyadhToday() });
    } finally {
      await context.close();
    }
  });

  test('a preset and a custom range go to the address, the request and survive a reload', async () => {
    const { context, page } = await openAnalytics(lang);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/merchants/analytics') asked.push(url.search);
    });
    try {
      await page.getByTestId('analytics-report').waitFor();
      const select = page.getByLabel(t.range.label, { exact: true });
      const today = riyadhToday();
      const from90 = addDays(today, -89);
      // Wait on the state checked (issue 25): the range's answer arrived, then the report that
      // shows it is no longer busy — not merely "not busy" before the request even started.
      const answered90 = answerFor(page, `?from=${from90}&to=${today}`);
      await select.selectOption('90d');
      await page.waitForURL((url) => url.search === '?range=90d');
      await answered90;
      await reportSettled(page);
      expect(asked).toContain(`?from=${from90}&to=${today}`);
      await expectFigures(page, lang, await analytics(`?from=${from90}&to=${today}`));

      await page.reload();
      await page.getByTestId('analytics-report').waitFor();
      expect(await select.inputValue()).toBe('90d');

      // A custom range; a start after the end is refused before anything is sent.
      await select.selectOption('custom');
      const from = page.getByLabel(t.range.from, { exact: true });
      const to = page.getByLabel(t.range.to, { exact: true });
      const apply = page.getByRole('button', { name: t.range.apply, exact: true });
      const sentBefore = asked.length;
      await from.fill('2026-09-10');
      await to.fill('2026-09-01');
      await apply.click();
      await page.getByRole('alert').filter({ hasText: t.range.problems.fromAfterTo }).waitFor();
      expect(asked).toHaveLength(sentBefore);

      const start = addDays(today, -45);
      const end = addDays(today, -5);
      await from.fill(start);
      await to.fill(end);
      const answeredCustom = answerFor(page, `?from=${start}&to=${end}`);
      await apply.click();
      await page.waitForURL((url) => url.search === `?from=${start}&to=${end}`);
      await answeredCustom;
      await reportSettled(page);
      await expectFigures(page, lang, await analytics(`?from=${start}&to=${end}`));

      await page.reload();
      await page.getByTestId('analytics-report').waitFor();
      expect(await select.inputValue()).toBe('custom');
      expect(await from.inputValue()).toBe(start);
      expect(await to.inputValue()).toBe(end);
      expect(asked.at(-1)).toBe(`?from=${start}&to=${end}`);
    } finally {
      await context.close();
    }
  });

  test('a failed request shows the error and a reload button, and no figure', async () => {
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    try {
      let failing = true;
      await page.route('**/api/merchants/analytics**', (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ success: false, message: '' }),
            })
          : route.continue(),
      );
      await page.goto(`${product.baseUrl}/analytics`);
      const alert = page.getByRole('alert').filter({ hasText: t.error.title });
      await alert.waitFor({ timeout: 30_000 });
      const retry = alert.getByRole('button');
      expect(await retry.isVisible()).toBe(true);
      expect(await page.getByTestId('analytics-report').count()).toBe(0);
      expect(await page.getByTestId('analytics-loading').count()).toBe(0);
      expect(await page.getByTestId('store-badge').count()).toBe(0);
      expect(await page.locator('[data-testid$="-value"]').count()).toBe(0);
      expect(await page.locator('table').count()).toBe(0);
      expect(await page.getByTestId('industry-figures').count()).toBe(0);
      await screenshot(page, `analytics-error-${lang}`);

      failing = false;
      await retry.click();
      await page.getByTestId('analytics-report').waitFor();
      expect(await page.getByRole('alert').filter({ hasText: t.error.title }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  test('the monthly trends download as a CSV with BOM, header in the language and real rows', async () => {
    const { context, page } = await openAnalytics(lang);
    try {
      const data = await analytics();
      await page.getByTestId('analytics-report').waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-monthly').click(),
      ]);
      expect(download.suggestedFilename()).toBe(
        `nuqat-analytics-monthly-${data.range.from}_${data.range.to}.csv`,
      );
      const bytes = readFileSync(await download.path());
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').replace(/\r\n$/, '').split('\r\n');
      const c = t.csv.monthly;
      expect(lines[0]).toBe(
        [
          c.month,
          c.pointsEarned,
          c.pointsRedeemed,
          c.orders,
          c.revenue,
          c.newMembers,
          c.couponsUsed,
        ].join(','),
      );
      expect(lines.slice(1)).toEqual(
        data.monthlyTrends.map((m) =>
          [
            m.month,
            m.pointsEarned,
            m.pointsRedeemed,
            m.orders,
            m.revenue,
            m.newMembers,
            m.couponsUsed,
          ].join(','),
        ),
      );

      const [customers] = await Promise.all([
        page.waitForEvent('download'),
        page.getByTestId('export-customers').click(),
      ]);
      const customerLines = readFileSync(await customers.path())
        .subarray(3)
        .toString('utf8')
        .replace(/\r\n$/, '')
        .split('\r\n');
      expect(customerLines).toHaveLength(data.topCustomers.length + 1);
      expect(customerLines[0]).toBe(Object.values(t.csv.customers).join(','));
      expect(customerLines[1]).toContain(String(data.topCustomers[0]!.points));
    } finally {
      await context.close();
    }
  });
});

describe('/analytics screenshots', () => {
  test('ar/en, light/dark, 390 and 1280 wide, nothing wider than the screen', async () => {
    const files: string[] = [];
    await inEachLook(
      everyLook(),
      (look) => openSignedIn(browser, session, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/analytics`);
        await page.getByTestId('analytics-report').waitFor();
        files.push(await screenshot(page, `analytics-${look.name}`));
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
      },
    );
    expect(files).toHaveLength(8);
  }, 240_000);
});

describe('/analytics/report/:month (docs/decisions/050)', () => {
  test('reached from the ROI section; ar and en; the print page hides the shell', async () => {
    const month = riyadhToday().slice(0, 7);
    for (const lang of ['ar', 'en'] as const) {
      const t = text[lang];
      const { context, page } = await openAnalytics(lang);
      try {
        // Without a control group the ROI section says what cannot be known.
        const roi = page.getByTestId('roi-section');
        await roi.getByText(t.roi.unknowable).waitFor();
        await screenshot(page, `roi-section-${lang}`);
        await page.getByTestId('roi-report-link').click();
        await page.waitForURL(`**/analytics/report/${month}`);
        const report = page.getByTestId('monthly-report');
        await report.waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(
          lang === 'ar' ? 'rtl' : 'ltr',
        );
        await report.getByText(t.roi.unknowable).waitFor();
        await report.getByText(t.roi.membersVsGuests).waitFor();
        const [from, to] = [`${month}-01`, riyadhToday()];
        const data = await analytics(`?from=${from}&to=${to}`);
        expect(await report.textContent()).toContain(data.storeName);
        await screenshot(page, `report-${lang}-screen`);
        await page.emulateMedia({ media: 'print' });
        expect(await page.locator('aside').first().isVisible()).toBe(false);
        expect(await page.getByRole('button', { name: t.report.print }).isVisible()).toBe(false);
        await screenshot(page, `report-${lang}-print`);
      } finally {
        await context.close();
      }
    }
  }, 120_000);
});
