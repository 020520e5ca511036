import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render-app';
import { server, TEST_SUPPORT } from '../../../testing/server';
import {
  dashboardBody,
  errorBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
} from '../../../testing/mocks';

const DASHBOARD_URL = '/api/merchants/dashboard';

function answer(dashboard: () => Response | Promise<Response>) {
  server.use(
    http.get(DASHBOARD_URL, dashboard),
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/subscription/status', () =>
      HttpResponse.json(
        subscriptionBody({ plan: 'starter', usageLimit: 1000, usagePercentage: 12 }),
      ),
    ),
  );
}

describe('the dashboard', () => {
  test('shows the server’s figures: counters shortened per spec §9, performance, lists', async () => {
    signIn();
    answer(() => HttpResponse.json(dashboardBody()));
    renderApp('/dashboard');

    expect(await screen.findByTestId('counter-members')).toHaveTextContent('1.3 ألف');
    expect(screen.getByTestId('counter-members')).toHaveAttribute('title', '1,250');
    expect(screen.getByTestId('counter-points')).toHaveTextContent('48.3 ألف');
    expect(screen.getByTestId('counter-redeemed')).toHaveTextContent('7.4 ألف');
    expect(screen.getByTestId('counter-orders')).toHaveTextContent('982');
    // SAR without decimals.
    expect(screen.getByTestId('perf-sales').textContent).toMatch(/151,235/);
    expect(screen.getByTestId('perf-couponsUsed')).toHaveTextContent('37');
    // Points redeemed once (the counter), not again under the store's performance.
    expect(screen.queryByTestId('perf-pointsRedeemed')).not.toBeInTheDocument();

    const top = screen.getAllByTestId('top-customer');
    expect(top).toHaveLength(2);
    expect(top[0]).toHaveTextContent('سارة القحطاني');
    expect(top[0]).toHaveTextContent('9 طلبات');
    expect(top[1]).toHaveTextContent('طلب واحد');

    const orders = screen.getAllByTestId('recent-order');
    // Salla's order number, the internal id only in the tooltip.
    const number = within(orders[0]!).getByTestId('order-number');
    expect(number).toHaveTextContent('#40090001');
    expect(number).toHaveAttribute('title', 'رقم سلة الداخلي: 90001');
    expect(within(orders[0]!).getByText('تم التنفيذ').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'green',
    );
    expect(within(orders[1]!).getByText('ضيف')).toBeInTheDocument();
    expect(within(orders[1]!).getByText('ملغى').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'red',
    );
    // An unknown status: grey, with Salla's raw text.
    expect(within(orders[2]!).getByText('on_hold_custom').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'grey',
    );

    const activities = screen.getAllByTestId('activity');
    expect(activities[0]).toHaveTextContent('سارة القحطاني · طلب · الطلب #40090001');
    expect(activities[1]).toHaveTextContent('استبدال');
    expect(activities[1]).toHaveTextContent('الكوبون NQ-7H2K');
    expect(activities[0]).toHaveTextContent('+120');
    expect(activities[1]).toHaveTextContent('−500');

    // The support cards carry the deployment's configured contacts (GET /api/support).
    expect(await screen.findByTestId('support-email')).toHaveAttribute(
      'href',
      `mailto:${TEST_SUPPORT.data.email}`,
    );
    expect(screen.getByTestId('support-whatsapp')).toHaveAttribute(
      'href',
      `https://wa.me/${TEST_SUPPORT.data.whatsapp}`,
    );
    expect(screen.getByTestId('support-appStore')).toHaveAttribute(
      'href',
      TEST_SUPPORT.data.appStoreUrl,
    );
    // A starter store is offered the upgrade.
    expect(await screen.findByTestId('upgrade-link')).toHaveAttribute(
      'href',
      'https://apps.salla.sa',
    );
  });

  test('in English the texts and plurals follow', async () => {
    signIn();
    await i18n.changeLanguage('en');
    answer(() => HttpResponse.json(dashboardBody()));
    renderApp('/dashboard');
    const top = await screen.findAllByTestId('top-customer');
    expect(top[0]).toHaveTextContent('9 orders');
    expect(top[1]).toHaveTextContent('1 order');
    expect(screen.getByText('Total customers')).toBeInTheDocument();
  });

  test('an empty store shows zeros and says where the lists come from', async () => {
    signIn();
    answer(() =>
      HttpResponse.json(
        dashboardBody({
          totalMembers: 0,
          totalPoints: 0,
          redeemedPoints: 0,
          totalOrders: 0,
          totalSales: 0,
          couponsUsed: 0,
          activities: [],
          recentOrders: [],
          topCustomers: [],
        }),
      ),
    );
    renderApp('/dashboard');
    expect(await screen.findByTestId('counter-members')).toHaveTextContent('0');
    expect(screen.getByText(/لا يوجد عملاء بعد/)).toBeInTheDocument();
    expect(screen.getByText('لم تصل طلبات بعد.')).toBeInTheDocument();
    expect(screen.getByText(/لا نشاط بعد/)).toBeInTheDocument();
  });

  test('an error is an error: a message and reload, and no figure anywhere', async () => {
    signIn();
    let calls = 0;
    answer(() => {
      calls += 1;
      return calls === 1
        ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
        : HttpResponse.json(dashboardBody());
    });
    const { user } = renderApp('/dashboard');
    const alert = await screen.findByText('حدث خطأ في الخادم، حاول مرة أخرى');
    expect(alert).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-figures')).not.toBeInTheDocument();
    expect(screen.queryByTestId('counter-members')).not.toBeInTheDocument();
    expect(screen.queryByText('1.3 ألف')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByTestId('counter-members')).toHaveTextContent('1.3 ألف');
  });

  test('the server down is one error box, whose retry reloads the figures and the store', async () => {
    signIn();
    let down = true;
    const fail = () => HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
    server.use(
      http.get(DASHBOARD_URL, () => (down ? fail() : HttpResponse.json(dashboardBody()))),
      http.get('/api/merchants/store-info', () =>
        down ? fail() : HttpResponse.json(storeInfoBody()),
      ),
      http.get('/api/merchants/subscription/status', () =>
        down ? fail() : HttpResponse.json(subscriptionBody()),
      ),
    );
    const { user } = renderApp('/dashboard');
    const retry = await screen.findByRole('button', { name: 'إعادة المحاولة' });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'إعادة المحاولة' })).toHaveLength(1);
    down = false;
    await user.click(retry);
    expect(await screen.findByTestId('counter-members')).toHaveTextContent('1.3 ألف');
    expect(await screen.findByTestId('store-name')).toHaveTextContent(
      storeInfoBody().data.storeName,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('no answer at all reads as the spec’s dashboard failure', async () => {
    signIn();
    answer(() => HttpResponse.error());
    renderApp('/dashboard');
    expect(await screen.findByText('فشل تحميل بيانات لوحة التحكم')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-figures')).not.toBeInTheDocument();
  });
});
