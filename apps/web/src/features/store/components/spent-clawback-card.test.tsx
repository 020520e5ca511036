import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import {
  notificationHandlers,
  signIn,
  storeInfoBody,
  subscriptionBody,
  switchSettingHandlers,
} from '../../../testing/mocks';

beforeEach(() => {
  server.use(
    ...notificationHandlers(),
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
  );
});

function answer(forgive: boolean, sent: unknown[], fail = false) {
  server.use(...switchSettingHandlers('forgiveSpentClawbacks', forgive, sent, fail));
}

describe('orders cancelled after their points were spent', () => {
  test('off by default; the merchant switches to forgiving, which is saved at once', async () => {
    signIn();
    const sent: unknown[] = [];
    answer(false, sent);
    const { user } = renderApp('/settings');
    expect(
      await screen.findByRole('heading', { name: 'طلبات أُلغيت بعد استبدال نقاطها' }),
    ).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'التجاوز عمّا لا يغطيه الرصيد' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(/لا يُسحب أي كوبون ولا تُسجَّل نقاط مستحقة/);
    await user.click(toggle);
    expect(
      await screen.findByText('يُتجاوز الآن عمّا لا يغطيه الرصيد عند إلغاء الطلبات.'),
    ).toHaveRole('status');
    expect(sent).toEqual([{ forgiveSpentClawbacks: true }]);
    expect(screen.getByRole('switch', { name: 'التجاوز عمّا لا يغطيه الرصيد' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });

  test('in English; a failed save says so and the switch stays as it was', async () => {
    signIn();
    await i18n.changeLanguage('en');
    const sent: unknown[] = [];
    answer(true, sent, true);
    const { user } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', {
      name: 'Forgive what the balance cannot cover',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(
      screen.getByText(/Nuqat withdraws the customer's unused coupons in Salla/),
    ).toBeInTheDocument();
    await user.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to save the setting. Please try again.',
    );
    expect(sent).toEqual([{ forgiveSpentClawbacks: false }]);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});
