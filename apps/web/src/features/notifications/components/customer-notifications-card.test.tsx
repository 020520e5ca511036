import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import ar from '../../../locales/ar/notifications.json';
import en from '../../../locales/en/notifications.json';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import {
  errorBody,
  notificationSettingsBody,
  notificationSummaryBody,
  settingsBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
  widgetStateBody,
} from '../../../testing/mocks';

/** /settings with its other cards answered, and the notifications section as given. */
function answer(options: {
  templates?: Parameters<typeof notificationSettingsBody>[0];
  summary?: Parameters<typeof notificationSummaryBody>[0];
  saved?: unknown[];
  tests?: unknown[];
  saveFails?: boolean;
  testFails?: boolean;
  smsAvailable?: boolean;
}) {
  let templates = notificationSettingsBody(options.templates).data.templates;
  let channel: 'email' | 'email_or_sms' | 'sms' = 'email';
  const smsAvailable = options.smsAvailable ?? false;
  server.use(
    // The rest of /settings: the widget at its defaults, the developers section's Growth offer.
    http.get('/api/merchants/widget', () => HttpResponse.json(widgetStateBody())),
    http.get('/api/merchants/api-keys', () =>
      HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 }),
    ),
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
    http.get('/api/notifications/settings', () =>
      HttpResponse.json(notificationSettingsBody(templates, null, { channel, smsAvailable })),
    ),
    http.get('/api/notifications/summary', () =>
      HttpResponse.json(notificationSummaryBody(options.summary)),
    ),
    http.post('/api/notifications/settings', async ({ request }) => {
      const body = (await request.json()) as {
        templates?: Partial<typeof templates>;
        channel?: typeof channel;
      };
      options.saved?.push(body);
      if (options.saveFails) return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
      templates = { ...templates, ...body.templates };
      channel = body.channel ?? channel;
      return HttpResponse.json(
        notificationSettingsBody(templates, '2026-11-20T09:00:00.000Z', { channel, smsAvailable }),
      );
    }),
    http.post('/api/notifications/test', async ({ request }) => {
      const body = (await request.json()) as { kind: string };
      options.tests?.push(body);
      if (options.testFails)
        return HttpResponse.json(errorBody('RATE_LIMITED', { retryAfter: 1200 }), {
          status: 429,
        });
      return HttpResponse.json({
        success: true,
        data: { kind: body.kind, sentTo: 'owner@rose.example' },
      });
    }),
  );
}

describe('emails to customers on /settings', () => {
  test('every template has a switch with its 30-day counts; switching one off saves only it', async () => {
    signIn();
    const saved: unknown[] = [];
    answer({ summary: { points_digest: { sent: 1240, failed: 3, pending: 12 } }, saved });
    const { user } = renderApp('/settings');

    const section = await screen.findByTestId('customer-notifications');
    expect(within(section).getByRole('heading', { level: 2, name: ar.title })).toBeInTheDocument();
    const digest = await within(section).findByRole('switch', {
      name: ar.kinds.points_digest.name,
    });
    for (const kind of Object.keys(ar.kinds) as (keyof typeof ar.kinds)[])
      expect(within(section).getByRole('switch', { name: ar.kinds[kind].name })).toBeChecked();
    expect(digest).toHaveAccessibleDescription(ar.kinds.points_digest.hint);
    expect(await screen.findByTestId('notification-points_digest-sent')).toHaveTextContent(
      `${ar.counts.sent}:1,240`,
    );
    expect(screen.getByTestId('notification-points_digest-failed')).toHaveTextContent('3');
    expect(screen.getByTestId('notification-points_digest-pending')).toHaveTextContent('12');

    await user.click(digest);
    expect(
      await screen.findByText(`توقفت رسائل «${ar.kinds.points_digest.name}»: لن تصل إلى العملاء.`),
    ).toBeInTheDocument();
    expect(saved).toEqual([{ templates: { points_digest: false } }]);
    expect(digest).not.toBeChecked();
    expect(within(section).getByRole('switch', { name: ar.kinds.tier_up.name })).toBeChecked();
  });

  test('a failed save says so and leaves the switch as it was', async () => {
    signIn();
    answer({ templates: { reward_ready: false }, saveFails: true });
    const { user } = renderApp('/settings');
    const ready = await screen.findByRole('switch', { name: ar.kinds.reward_ready.name });
    expect(ready).not.toBeChecked();
    await user.click(ready);
    const section = screen.getByTestId('customer-notifications');
    expect(await within(section).findByRole('alert')).toHaveTextContent(ar.saveFailed);
    expect(ready).not.toBeChecked();
  });

  test('the merchant sends themselves a test of the chosen email; a refusal is explained', async () => {
    signIn();
    const tests: unknown[] = [];
    answer({ tests });
    const { user } = renderApp('/settings');
    const kind = await screen.findByRole('combobox', { name: ar.test.kind });
    await user.selectOptions(kind, ar.kinds.points_expiring.name);
    await user.click(screen.getByRole('button', { name: ar.test.send }));
    expect(
      await screen.findByText('أرسلنا رسالة تجريبية إلى owner@rose.example.'),
    ).toBeInTheDocument();
    expect(tests).toEqual([{ kind: 'points_expiring' }]);

    server.use(
      http.post('/api/notifications/test', () =>
        HttpResponse.json(errorBody('RATE_LIMITED', { retryAfter: 1200 }), { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: ar.test.send }));
    const alert = await within(screen.getByTestId('customer-notifications')).findByRole('alert');
    expect(alert).toHaveTextContent(ar.test.failed);
  });

  test('in English, left to right, with the same switches', async () => {
    signIn();
    await i18n.changeLanguage('en');
    answer({});
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 2, name: en.title })).toBeInTheDocument();
    expect(
      await screen.findByRole('switch', { name: en.kinds.points_expiring.name }),
    ).toBeChecked();
    expect(screen.getByRole('button', { name: en.test.send })).toBeEnabled();
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
  });

  test('a section that cannot load offers a retry, and the rest of the page stays', async () => {
    signIn();
    answer({});
    let calls = 0;
    server.use(
      http.get('/api/notifications/settings', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
          : HttpResponse.json(notificationSettingsBody());
      }),
    );
    const { user } = renderApp('/settings');
    const section = await screen.findByTestId('customer-notifications');
    const alert = await within(section).findByRole('alert', {}, { timeout: 15_000 });
    expect(alert).toHaveTextContent(ar.loadFailed);
    expect(screen.getByRole('switch', { name: 'الوضع الداكن' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(
      await within(section).findByRole('switch', { name: ar.kinds.tier_up.name }),
    ).toBeChecked();
  });

  test('with texts available, the store sends by SMS to customers without e-mail (saved at once)', async () => {
    signIn();
    const saved: unknown[] = [];
    answer({ saved, smsAvailable: true });
    const { user } = renderApp('/settings');
    const section = await screen.findByTestId('customer-notifications');
    const email = await within(section).findByRole('radio', { name: ar.channel.email.name });
    expect(email).toBeChecked();
    const either = within(section).getByRole('radio', { name: ar.channel.email_or_sms.name });
    expect(either).toBeEnabled();
    expect(either).toHaveAccessibleDescription(ar.channel.email_or_sms.hint);
    expect(within(section).queryByTestId('sms-unavailable')).toBeNull();
    await user.click(either);
    expect(
      await screen.findByText(`ستصل رسائل العملاء بطريقة «${ar.channel.email_or_sms.name}».`),
    ).toBeInTheDocument();
    expect(saved).toEqual([{ channel: 'email_or_sms' }]);
    expect(either).toBeChecked();
  });

  test('without an SMS provider the text choices are disabled and the page says why', async () => {
    signIn();
    await i18n.changeLanguage('en');
    answer({});
    renderApp('/settings');
    const section = await screen.findByTestId('customer-notifications');
    expect(
      await within(section).findByRole('radio', { name: en.channel.email.name }),
    ).toBeChecked();
    expect(within(section).getByRole('radio', { name: en.channel.sms.name })).toBeDisabled();
    expect(
      within(section).getByRole('radio', { name: en.channel.email_or_sms.name }),
    ).toBeDisabled();
    expect(within(section).getByTestId('sms-unavailable')).toHaveTextContent(
      en.channel.unavailable,
    );
  });
});
