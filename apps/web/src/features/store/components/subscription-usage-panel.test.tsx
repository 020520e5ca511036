import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import {
  notificationHandlers,
  settingsBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
  dashboardBody,
} from '../../../testing/mocks';

// /settings loads its «رسائل العملاء» section too.
beforeEach(() => {
  server.use(...notificationHandlers());
});

// The dashboard (where a login lands) loads its figures; these tests are about other things.
beforeEach(() => {
  server.use(http.get('/api/merchants/dashboard', () => HttpResponse.json(dashboardBody())));
});

function answer(subscription: Parameters<typeof subscriptionBody>[0]) {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
    http.get('/api/merchants/subscription/status', () =>
      HttpResponse.json(subscriptionBody(subscription)),
    ),
  );
}

describe('subscription usage', () => {
  test('a starter store at its limit sees the usage bar and the orders that came after it', async () => {
    signIn();
    answer({
      plan: 'starter',
      usageLimit: 1000,
      ordersUsed: 1000,
      ordersOverLimit: 7,
      usagePercentage: 100,
    });
    renderApp('/settings');
    expect(await screen.findByTestId('usage-text')).toHaveTextContent('1,000 من 1,000 طلب');
    expect(
      screen.getByRole('progressbar', { name: 'الطلبات المستخدمة هذا الشهر' }),
    ).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/طلبات بعد بلوغ الحد: 7/)).toBeInTheDocument();
  });

  test('a growth store sees its orders as unlimited, without a bar', async () => {
    signIn();
    answer({ ordersUsed: 42 });
    renderApp('/dashboard');
    expect(await screen.findByTestId('usage-text')).toHaveTextContent(
      '42 طلبًا — غير محدود في باقتك',
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  test.each([
    [0, 'لا طلبات بعد — غير محدود في باقتك'],
    [1, 'طلب واحد — غير محدود في باقتك'],
    [2, 'طلبان — غير محدود في باقتك'],
    [9, '9 طلبات — غير محدود في باقتك'],
    [11, '11 طلبًا — غير محدود في باقتك'],
    [100, '100 طلب — غير محدود في باقتك'],
  ])('%i orders are counted with the Arabic plural form of the number', async (orders, text) => {
    signIn();
    answer({ ordersUsed: orders });
    renderApp('/dashboard');
    expect(await screen.findByTestId('usage-text')).toHaveTextContent(text);
  });
});
