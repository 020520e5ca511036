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

function answer(on: boolean, sent: unknown[], fail = false) {
  server.use(...switchSettingHandlers('monthlyReportEmail', on, sent, fail));
}

describe('the monthly report e-mail', () => {
  test('on by default; switched off, it is saved at once and says the report stays in Analytics', async () => {
    signIn();
    const sent: unknown[] = [];
    answer(true, sent);
    const { user } = renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'التقرير الشهري' })).toBeInTheDocument();
    const toggle = await screen.findByRole('switch', { name: 'أرسل لي التقرير الشهري بالبريد' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(toggle).toHaveAccessibleDescription(/إلى بريد مالك المتجر/);
    expect(screen.getByRole('link', { name: 'التقرير الشهري' })).toHaveAttribute(
      'href',
      '#settings-report',
    );
    await user.click(toggle);
    expect(
      await screen.findByText('لن يُرسل التقرير الشهري بالبريد بعد الآن، ويبقى متاحًا في التحليلات.'),
    ).toHaveRole('status');
    expect(sent).toEqual([{ monthlyReportEmail: false }]);
    expect(screen.getByRole('switch', { name: 'أرسل لي التقرير الشهري بالبريد' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
  });

  test('in English, a failed save says so and the switch stays as it was', async () => {
    await i18n.changeLanguage('en');
    signIn();
    const sent: unknown[] = [];
    answer(false, sent, true);
    const { user } = renderApp('/settings');
    const toggle = await screen.findByRole('switch', {
      name: 'Send me the monthly report by email',
    });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    expect(
      await screen.findByText('Failed to save the setting. Please try again.', {
        selector: '#settings-report [role="alert"]',
      }),
    ).toBeInTheDocument();
    expect(sent).toEqual([{ monthlyReportEmail: true }]);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
  });
});
