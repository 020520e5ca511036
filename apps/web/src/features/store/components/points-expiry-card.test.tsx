import { screen, within } from '@testing-library/react';
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
  test('turning expiry on asks first with the effect in words, then saves', async () => {
    signIn();
    const saved: unknown[] = [];
    answer(null, saved);
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('radio', { name: 'تنتهي صلاحية النقاط' }));
    const days = screen.getByLabelText('عدد الأيام حتى انتهاء الصلاحية');
    await user.clear(days);
    await user.type(days, '90');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'تقصير عمر نقاط عملائك؟' });
    expect(confirm).toHaveTextContent('بعد 90 يومًا من كسبها، وكانت النقاط لا تنتهي');
    expect(saved).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'احفظ المدة الجديدة' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'تنتهي صلاحية النقاط بعد 90 يومًا من كسبها.',
    );
    expect(saved).toEqual([{ pointsExpiryDays: 90 }]);
  });

  test('"-3", "0" and "4000" are field errors (never 3); the old "Saved" goes when the value changes', async () => {
    signIn();
    const saved: unknown[] = [];
    answer(30, saved);
    const { user } = renderApp('/settings');
    const days = await screen.findByLabelText('عدد الأيام حتى انتهاء الصلاحية');
    expect(days).toHaveValue('30');
    // Longer than before: no question, saved at once.
    await user.clear(days);
    await user.type(days, '60');
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('تم الحفظ');
    expect(saved).toEqual([{ pointsExpiryDays: 60 }]);
    for (const typed of ['-3', '0', '4000']) {
      await user.clear(days);
      await user.type(days, typed);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'حفظ' }));
      expect(
        await screen.findByText('أدخل عددًا صحيحًا من الأيام من 1 إلى 3,650، بلا سالب ولا كسور.'),
      ).toBeInTheDocument();
      expect(days).toHaveAttribute('aria-invalid', 'true');
    }
    expect(saved).toEqual([{ pointsExpiryDays: 60 }]);
    await user.click(screen.getByRole('radio', { name: 'لا تنتهي صلاحية النقاط' }));
    await user.click(screen.getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('النقاط لا تنتهي صلاحيتها.');
    expect(saved).toEqual([{ pointsExpiryDays: 60 }, { pointsExpiryDays: null }]);
  });
});
