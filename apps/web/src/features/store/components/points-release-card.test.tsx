import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  UpdateMerchantSettingsRequestSchema,
  type MerchantSettings,
  type UpdateMerchantSettingsInput,
} from '@nuqat/contracts';
import { i18n } from '../../../lib/i18n';
import {
  notificationHandlers,
  settingsBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

// /settings loads its «رسائل العملاء» section too.
beforeEach(() => {
  server.use(...notificationHandlers());
});

async function openCard(initial: Partial<MerchantSettings> = {}) {
  let current = settingsBody(initial.pointsExpiryDays ?? null, initial).data;
  const sent: UpdateMerchantSettingsInput[] = [];
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody(null, current))),
    http.put('/api/merchants/settings', async ({ request }) => {
      const body = (await request.json()) as UpdateMerchantSettingsInput;
      sent.push(body);
      const update = UpdateMerchantSettingsRequestSchema.parse(body);
      current = { ...current, ...update } as MerchantSettings;
      return HttpResponse.json(settingsBody(current.pointsExpiryDays, current));
    }),
  );
  signIn();
  const view = renderApp('/settings');
  const heading = await screen.findByRole('heading', { name: 'متى تُحتسب النقاط' });
  const card = heading.closest('div.space-y-4') as HTMLElement;
  await within(card).findByLabelText('مدة الانتظار بعد ذلك (أيام)');
  return { ...view, card, sent };
}

describe('when points count', () => {
  test('opens with completed and delivered, explains pending points, and saves statuses and days', async () => {
    const { user, card, sent } = await openCard();
    expect(card).toHaveTextContent('كنقاط معلّقة');
    expect(within(card).getByRole('checkbox', { name: 'تم التنفيذ' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'تم التوصيل' })).toBeChecked();
    expect(within(card).getByRole('checkbox', { name: 'تم الشحن' })).not.toBeChecked();
    const days = within(card).getByLabelText('مدة الانتظار بعد ذلك (أيام)');
    expect(days).toHaveValue('0');
    expect(days).toHaveAttribute('inputmode', 'numeric');
    expect(days).toHaveAttribute('dir', 'ltr');

    await user.click(within(card).getByRole('checkbox', { name: 'تم الشحن' }));
    await user.click(within(card).getByRole('checkbox', { name: 'تم التنفيذ' }));
    await user.clear(days);
    await user.type(days, '١٤');
    await user.click(within(card).getByRole('button', { name: 'حفظ إعدادات احتساب النقاط' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'تصبح النقاط متاحة بعد 14 يومًا من الوصول إلى: تم التوصيل، تم الشحن.',
    );
    expect(sent).toEqual([{ pointsSpendableOn: ['delivered', 'shipped'], pointsHoldDays: 14 }]);
  });

  test('no status, or days outside 0–365, show the field’s error and send nothing', async () => {
    const { user, card, sent } = await openCard();
    await user.click(within(card).getByRole('checkbox', { name: 'تم التنفيذ' }));
    await user.click(within(card).getByRole('checkbox', { name: 'تم التوصيل' }));
    const days = within(card).getByLabelText('مدة الانتظار بعد ذلك (أيام)');
    await user.clear(days);
    await user.type(days, '366');
    await user.click(within(card).getByRole('button', { name: 'حفظ إعدادات احتساب النقاط' }));
    expect(await within(card).findByText('اختر حالة واحدة على الأقل.')).toBeInTheDocument();
    expect(within(card).getByText('أدخل عددًا صحيحًا من الأيام بين 0 و 365.')).toBeInTheDocument();
    expect(days).toHaveAttribute('aria-invalid', 'true');
    await user.clear(days);
    await user.type(days, '1.5');
    await user.click(within(card).getByRole('checkbox', { name: 'تم التنفيذ' }));
    await user.click(within(card).getByRole('button', { name: 'حفظ إعدادات احتساب النقاط' }));
    await waitFor(() =>
      expect(within(card).queryByText('اختر حالة واحدة على الأقل.')).not.toBeInTheDocument(),
    );
    expect(within(card).getByText('أدخل عددًا صحيحًا من الأيام بين 0 و 365.')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test('statuses before payment is confirmed carry a warning', async () => {
    const { user, card } = await openCard({ pointsSpendableOn: ['completed'], pointsHoldDays: 7 });
    expect(within(card).getByLabelText('مدة الانتظار بعد ذلك (أيام)')).toHaveValue('7');
    expect(card).not.toHaveTextContent('قبل تأكيد الدفع');
    await user.click(within(card).getByRole('checkbox', { name: 'بإنتظار المراجعة' }));
    expect(card).toHaveTextContent('قبل تأكيد الدفع');
  });

  test('in English the statuses have their English names', async () => {
    await i18n.changeLanguage('en');
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
      http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
    );
    signIn();
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'When points count' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'Completed' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Out for delivery' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Save when points count' })).toBeEnabled();
  });
});
