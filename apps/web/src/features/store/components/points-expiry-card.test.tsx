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
} from '../../../testing/mocks';

// /settings loads its «رسائل العملاء» section too.
beforeEach(() => {
  server.use(...notificationHandlers());
});

function answer(initial: number | null, saved: unknown[]) {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody(initial))),
    http.put('/api/merchants/settings', async ({ request }) => {
      const body = (await request.json()) as { pointsExpiryDays: number | null };
      saved.push(body);
      return HttpResponse.json(settingsBody(body.pointsExpiryDays));
    }),
  );
}

describe('points expiry setting', () => {
  test('the merchant turns expiry on with a number of days and saves it', async () => {
    signIn();
    const saved: unknown[] = [];
    answer(null, saved);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('switch', { name: 'تنتهي صلاحية النقاط' }));
    const days = screen.getByLabelText('عدد الأيام حتى انتهاء الصلاحية');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'تنتهي صلاحية النقاط بعد 90 يومًا من كسبها.',
    );
    expect(saved).toEqual([{ pointsExpiryDays: 90 }]);
  });

  test('out-of-range days are refused before anything is sent; turning expiry off sends null', async () => {
    signIn();
    const saved: unknown[] = [];
    answer(30, saved);
    const { user } = renderApp('/settings');
    const days = await screen.findByLabelText('عدد الأيام حتى انتهاء الصلاحية');
    expect(days).toHaveValue('30');
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('أدخل عددًا صحيحًا من الأيام بين 1 و 3650.')).toBeInTheDocument();
    expect(saved).toEqual([]);
    await user.click(screen.getByRole('switch', { name: 'تنتهي صلاحية النقاط' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('النقاط لا تنتهي صلاحيتها.');
    expect(saved).toEqual([{ pointsExpiryDays: null }]);
  });
});
