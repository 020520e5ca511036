import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { errorBody, roiBody, signIn, storeInfoBody } from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { ANALYTICS_TIMEOUT_MS, analyticsQueryOptions, getAnalytics } from '../api/get-analytics';
import { analyticsBody, analyticsData, emptyAnalyticsData } from '../testing/analytics-body';

// 23:30 in Riyadh on 2026-11-23 is still the 23rd there; at 21:00 UTC it becomes the 24th.
const NOW = new Date('2026-11-23T21:30:00Z');

/** The analytics API, answering `data` for any range; every query string asked is recorded. */
function analyticsApi(
  answer: (from: string, to: string) => Response | Promise<Response> = (from, to) =>
    HttpResponse.json(analyticsBody(analyticsData({ from, to }))),
) {
  const asked: string[] = [];
  server.use(
    // The merchant layout's own request.
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/roi', () => HttpResponse.json(roiBody())),
    http.get('/api/merchants/analytics', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      return answer(url.searchParams.get('from') ?? '', url.searchParams.get('to') ?? '');
    }),
  );
  return asked;
}

const figure = (id: string) => screen.getByTestId(`${id}-value`).textContent?.trim();
// Arabic output carries direction marks around numbers; compare what a reader sees.
const visible = (text: string | null | undefined) =>
  (text ?? '')
    .replace(/[\u200e\u200f\u061c\u00a0]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signIn();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the analytics screen', () => {
  test('shows skeletons while loading, and no figure until the answer comes', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    analyticsApi(async (from, to) => {
      await gate;
      return HttpResponse.json(analyticsBody(analyticsData({ from, to })));
    });
    renderApp('/analytics');
    expect(await screen.findByTestId('analytics-loading')).toHaveTextContent(
      'جارٍ تحميل التحليلات…',
    );
    expect(screen.queryByTestId('analytics-report')).not.toBeInTheDocument();
    expect(screen.queryByTestId('store-badge')).not.toBeInTheDocument();
    expect(document.querySelectorAll('[data-testid$="-value"]')).toHaveLength(0);
    release();
    expect(await screen.findByTestId('analytics-report')).toBeInTheDocument();
    expect(screen.queryByTestId('analytics-loading')).not.toBeInTheDocument();
  });

  test('asks for the last 30 Riyadh days by default and shows every figure of the answer (ar)', async () => {
    const asked = analyticsApi();
    renderApp('/analytics');
    await screen.findByTestId('analytics-report');
    expect(asked).toEqual(['?from=2026-10-26&to=2026-11-24']);

    expect(screen.getByRole('heading', { level: 1, name: 'التحليلات والإحصائيات' })).toBeVisible();
    const badge = screen.getByTestId('store-badge');
    expect(badge).toHaveTextContent('متجر الورد');
    expect(badge).toHaveTextContent('owner@rose.example');
    expect(visible(screen.getByTestId('range-text').textContent)).toBe(
      'من 26 أكتوبر 2026 إلى 24 نوفمبر 2026',
    );

    // Impact: rates with one decimal, the average order value in riyals without decimals.
    expect(visible(figure('impact-repeatCustomerRate'))).toBe('37.5٪');
    expect(visible(figure('impact-averageOrderValue'))).toBe('226 ر.س.');
    expect(visible(figure('impact-retentionRate'))).toBe('22.4٪');
    expect(visible(figure('impact-revenueGrowth'))).toBe('-8.3٪');
    expect(visible(figure('impact-redemptionRate'))).toBe('31.3٪');
    // Each explained in plain words, not a formula (issue 27).
    expect(screen.getByTestId('impact-repeatCustomerRate')).toHaveTextContent(
      'من العملاء الذين اشتروا، كم منهم عاد لطلب ثانٍ أو أكثر منذ البداية.',
    );
    expect(screen.getByTestId('analytics-report')).not.toHaveTextContent('÷');
    expect(visible(screen.getByTestId('impact-revenueGrowth').textContent)).toContain(
      'من 26 سبتمبر 2026 إلى 25 أكتوبر 2026',
    );

    // Performance: K/M shortening with one decimal, the exact figure in the title.
    expect(figure('perf-members')).toBe('1.2\u00a0ألف');
    expect(screen.getByTestId('perf-members-value')).toHaveAttribute('title', '1,234');
    expect(figure('perf-pointsOutstanding')).toBe('56.8\u00a0ألف');
    expect(figure('perf-pointsRedeemed')).toBe('33.2\u00a0ألف');
    expect(visible(figure('perf-sales'))).toBe('187.7 ألف ر.س.');
    expect(visible(figure('perf-liability'))).toBe('5.7 ألف ر.س.');
    expect(visible(screen.getByTestId('perf-liability').textContent)).toContain('0.1 ر.س. للنقطة');

    // Members vs guests: a guest's repeat rate cannot be known.
    const repeat = within(screen.getByTestId('segment-repeatRate')).getAllByRole('cell');
    expect(visible(repeat[0]?.textContent)).toBe('37.5٪');
    expect(repeat[1]).toHaveTextContent('— (غير معروفة: الضيف بلا هوية)');
    expect(visible(screen.getByTestId('coupon-revenue-share').textContent)).toBe('20٪');

    // Distribution legend over the five buckets, with each share.
    expect(screen.getByTestId('bucket-0-100')).toHaveTextContent('0 – 100 نقطة');
    expect(visible(screen.getByTestId('bucket-0-100').textContent)).toContain('700');
    expect(visible(screen.getByTestId('bucket-2000+').textContent)).toContain('1.9٪');
    expect(screen.getByRole('img', { name: /توزيع العملاء حسب الرصيد/ })).toBeInTheDocument();

    // Six real months by their Gregorian names, oldest first.
    const months = within(screen.getByTestId('monthly-trends'))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(months).toEqual([
      'يونيو 2026',
      'يوليو 2026',
      'أغسطس 2026',
      'سبتمبر 2026',
      'أكتوبر 2026',
      'نوفمبر 2026',
    ]);
    expect(screen.getByRole('img', { name: /الإيرادات حسب الشهر/ })).toBeInTheDocument();

    // Top customers in the API's order.
    const rows = screen.getAllByTestId('top-customer');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('سارة العتيبي');
    expect(visible(rows[0]?.textContent)).toContain('2,450');

    // No unsourced "industry research" percentages (issue 27): only the store's own figures.
    expect(screen.queryByTestId('industry-figures')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('أبحاث القطاع');
  });

  test('in English: English names, month names and SAR', async () => {
    await i18n.changeLanguage('en');
    analyticsApi();
    renderApp('/analytics');
    await screen.findByTestId('analytics-report');
    expect(visible(figure('perf-sales'))).toBe('SAR 187.7K');
    expect(figure('impact-revenueGrowth')).toBe('-8.3%');
    expect(screen.getByTestId('range-text')).toHaveTextContent('Oct 26, 2026 to Nov 24, 2026');
    expect(screen.getByRole('rowheader', { name: 'June 2026' })).toBeInTheDocument();
    expect(screen.getByTestId('segment-repeatRate')).toHaveTextContent(
      'Unknown: a guest carries no identity',
    );
    expect(document.body).not.toHaveTextContent('industry research');
  });

  test('the chart shows the chosen figure', async () => {
    analyticsApi();
    const { user } = renderApp('/analytics');
    await screen.findByTestId('analytics-report');
    await user.click(screen.getByRole('radio', { name: 'الطلبات' }));
    const chart = screen.getByTestId('trends-chart');
    expect(chart.getAttribute('aria-label')).toMatch(/^الطلبات حسب الشهر: يونيو 2026: 70/);
    expect(chart).toHaveTextContent('88');
  });

  test('an empty store: zeros, dashes with their reasons, friendly empty states', async () => {
    analyticsApi((from, to) => HttpResponse.json(analyticsBody(emptyAnalyticsData({ from, to }))));
    renderApp('/analytics');
    await screen.findByTestId('analytics-report');
    for (const [key, reason] of [
      ['repeatCustomerRate', 'لا مشترين بعد'],
      ['averageOrderValue', 'لا طلبات في هذه الفترة'],
      ['retentionRate', 'لا عملاء سبق لهم الشراء ليعودوا'],
      ['revenueGrowth', 'لا مبيعات في الفترة السابقة'],
      ['redemptionRate', 'لم تُكتسب نقاط في هذه الفترة'],
    ] as const) {
      expect(figure(`impact-${key}`)).toBe('—');
      expect(screen.getByTestId(`impact-${key}-none`)).toHaveTextContent(reason);
    }
    expect(figure('perf-members')).toBe('0');
    expect(visible(figure('perf-sales'))).toBe('0 ر.س.');
    expect(figure('perf-liability')).toBe('—');
    expect(screen.getByTestId('perf-liability-none')).toHaveTextContent(
      'لا مكافأة مفعّلة بخصم ثابت أو استرداد نقدي تحدّد قيمة النقطة',
    );
    expect(screen.getByText('لا عملاء بعد: يظهر التوزيع حين يسجّل أول عميل.')).toBeVisible();
    expect(screen.getByText('لا نشاط في هذه الأشهر بعد.')).toBeVisible();
    expect(screen.getByText('لا عملاء بعد: سيظهرون هنا حين يكسبون نقاطًا.')).toBeVisible();
    expect(screen.queryAllByTestId('top-customer')).toHaveLength(0);
    // The six months are still there, with zeros.
    expect(within(screen.getByTestId('monthly-trends')).getAllByRole('rowheader')).toHaveLength(6);
  });

  test('an error shows its message and a reload button, and no figure at all', async () => {
    let fail = true;
    analyticsApi((from, to) =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
        : HttpResponse.json(analyticsBody(analyticsData({ from, to }))),
    );
    const { user } = renderApp('/analytics');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/^تعذّر تحميل التحليلات: .+/);
    expect(screen.queryByTestId('analytics-report')).not.toBeInTheDocument();
    expect(screen.queryByTestId('store-badge')).not.toBeInTheDocument();
    expect(screen.queryByTestId('industry-figures')).not.toBeInTheDocument();
    expect(screen.queryAllByRole('table')).toHaveLength(0);
    expect(document.querySelectorAll('[data-testid$="-value"]')).toHaveLength(0);

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByTestId('analytics-report')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('an error without a known code says only that analytics failed to load', async () => {
    analyticsApi(() => new HttpResponse('<html>Bad gateway</html>', { status: 502 }));
    renderApp('/analytics');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('تعذّر تحميل التحليلات')).toBeVisible();
    expect(within(alert).getByRole('button', { name: 'إعادة المحاولة' })).toBeVisible();
  });

  test('the request gives up after 15 seconds (spec §9)', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    analyticsApi();
    await getAnalytics({ from: '2026-11-01', to: '2026-11-24' });
    expect(ANALYTICS_TIMEOUT_MS).toBe(15_000);
    expect(timeout).toHaveBeenCalledWith(15_000);
    timeout.mockRestore();
  });

  test('a timed-out request is not asked again; a dropped connection or a 5xx is, twice', () => {
    const retry = analyticsQueryOptions('1', {}).retry as (count: number, error: Error) => boolean;
    const http = (status: number) =>
      new ApiError({ status, code: null, serverMessage: null, retryAfter: null });
    expect(retry(0, new NetworkError('timeout'))).toBe(false);
    expect(retry(0, new NetworkError('offline'))).toBe(true);
    expect(retry(1, http(503))).toBe(true);
    expect(retry(2, http(503))).toBe(false);
    expect(retry(0, http(400))).toBe(false);
  });
});

describe('the date range', () => {
  test('a preset from the address is asked for and shown', async () => {
    const asked = analyticsApi();
    renderApp('/analytics?range=7d');
    await screen.findByTestId('analytics-report');
    expect(asked).toEqual(['?from=2026-11-18&to=2026-11-24']);
    expect(screen.getByLabelText('الفترة')).toHaveValue('7d');
  });

  test('choosing a preset changes the address and the request', async () => {
    const asked = analyticsApi();
    const { user, router } = renderApp('/analytics');
    await screen.findByTestId('analytics-report');
    await user.selectOptions(screen.getByLabelText('الفترة'), 'year');
    await waitFor(() => expect(asked).toContain('?from=2026-01-01&to=2026-11-24'));
    expect(router.state.location.search).toBe('?range=year');
    await user.selectOptions(screen.getByLabelText('الفترة'), '90d');
    await waitFor(() => expect(asked).toContain('?from=2026-08-27&to=2026-11-24'));
    expect(router.state.location.search).toBe('?range=90d');
  });

  test('a custom range is checked like the API checks it before it is asked for', async () => {
    const asked = analyticsApi();
    const { user, router } = renderApp('/analytics');
    await screen.findByTestId('analytics-report');
    await user.selectOptions(screen.getByLabelText('الفترة'), 'custom');
    const from = screen.getByLabelText('من تاريخ');
    const to = screen.getByLabelText('إلى تاريخ');
    // Prefilled with the range on screen.
    expect(from).toHaveValue('2026-10-26');
    expect(to).toHaveValue('2026-11-24');
    const apply = screen.getByRole('button', { name: 'عرض الفترة' });

    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent('تاريخ البداية بعد تاريخ النهاية.');
    expect(from).toHaveAttribute('aria-invalid', 'true');

    await user.clear(from);
    await user.type(from, '2023-01-01');
    await user.click(apply);
    expect(await screen.findByRole('alert')).toHaveTextContent('لا تتجاوز الفترة 731 يومًا.');
    expect(asked).toEqual(['?from=2026-10-26&to=2026-11-24']);

    await user.clear(from);
    await user.type(from, '2026-03-01');
    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(apply);
    await waitFor(() => expect(asked).toContain('?from=2026-03-01&to=2026-03-31'));
    expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-31');
    await waitFor(() =>
      expect(visible(screen.getByTestId('range-text').textContent)).toBe(
        'من 1 مارس 2026 إلى 31 مارس 2026',
      ),
    );
  });

  test('a custom range in the address survives a reload', async () => {
    const asked = analyticsApi();
    renderApp('/analytics?from=2026-03-01&to=2026-03-31');
    await screen.findByTestId('analytics-report');
    expect(asked).toEqual(['?from=2026-03-01&to=2026-03-31']);
    expect(screen.getByLabelText('الفترة')).toHaveValue('custom');
    expect(screen.getByLabelText('من تاريخ')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('إلى تاريخ')).toHaveValue('2026-03-31');
  });

  test('an address the API would refuse shows the last 30 days and says why', async () => {
    const asked = analyticsApi();
    renderApp('/analytics?from=2026-04-01&to=2026-03-01');
    await screen.findByTestId('analytics-report');
    expect(asked).toEqual(['?from=2026-10-26&to=2026-11-24']);
    expect(screen.getByRole('status')).toHaveTextContent(
      'الفترة في الرابط غير صالحة (تاريخ البداية بعد تاريخ النهاية.)، لذا نعرض آخر 30 يومًا.',
    );
  });
});

describe('CSV export', () => {
  test('downloads the monthly trends with BOM, the Arabic header row and the range in its name', async () => {
    analyticsApi();
    const blobs: Blob[] = [];
    const createUrl = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:analytics';
    });
    const revokeUrl = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const names: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    try {
      const { user } = renderApp('/analytics');
      await screen.findByTestId('analytics-report');
      await user.click(screen.getByRole('button', { name: 'الاتجاهات الشهرية' }));
      expect(names).toEqual(['nuqat-analytics-monthly-2026-10-26_2026-11-24.csv']);
      expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
      const bytes = await new Promise<Uint8Array>((resolve, reject) => {
        // jsdom's Blob has no arrayBuffer(); its FileReader reads the bytes as written.
        const reader = new FileReader();
        reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
        reader.onerror = () => reject(reader.error ?? new Error('unreadable blob'));
        reader.readAsArrayBuffer(blobs[0]!);
      });
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = new TextDecoder('utf-8', { ignoreBOM: true })
        .decode(bytes.slice(3))
        .split('\r\n');
      expect(lines[0]).toBe(
        'الشهر,النقاط المكتسبة,النقاط المستبدلة,الطلبات,الإيرادات (ريال),عملاء جدد,كوبونات مستخدمة',
      );
      expect(lines.slice(1, 7).map((line) => line.split(',')[0])).toEqual([
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
        '2026-11',
      ]);

      await user.click(screen.getByRole('button', { name: 'توزيع النقاط' }));
      expect(names[1]).toBe('nuqat-analytics-distribution-2026-10-26_2026-11-24.csv');
      await user.click(screen.getByRole('button', { name: 'أفضل العملاء' }));
      expect(names[2]).toBe('nuqat-analytics-customers-2026-10-26_2026-11-24.csv');
      expect(createUrl).toHaveBeenCalledTimes(3);
    } finally {
      createUrl.mockRestore();
      revokeUrl.mockRestore();
      click.mockRestore();
    }
  });
});
