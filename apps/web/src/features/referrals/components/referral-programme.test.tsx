import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { REFERRAL_DEFAULTS, ReferralSettingsResponseSchema } from '@nuqat/contracts';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import {
  errorBody,
  referralsBody,
  referralSummaryBody,
  signIn,
  storeInfoBody,
  TEST_MERCHANT,
} from '../../../testing/mocks';

const SETTINGS_URL = '/api/referrals/settings';

function settingsBody(overrides: Record<string, unknown> = {}) {
  return ReferralSettingsResponseSchema.parse({
    success: true,
    data: { ...REFERRAL_DEFAULTS, updatedAt: null, ...overrides },
  });
}

/** The store, and the programme's results below the settings (none yet). */
function answerStore() {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/referrals/summary', () => HttpResponse.json(referralSummaryBody())),
    http.get('/api/referrals', () => HttpResponse.json(referralsBody())),
  );
}

describe('/members: the referral programme', () => {
  test('shows the store, the state and both rewards with their summaries', async () => {
    signIn();
    answerStore();
    server.use(http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody())));
    renderApp('/members');
    const header = await screen.findByTestId('referral-header');
    expect(header).toHaveTextContent(TEST_MERCHANT.merchantName);
    expect(within(header).getByText('غير مفعّل')).toBeInTheDocument();
    expect(screen.getByTestId('reward-summary-participant')).toHaveTextContent(
      'خصم 5٪ على الطلب بحد أقصى',
    );
    expect(screen.getByRole('switch', { name: 'برنامج الإحالة' })).not.toBeChecked();
  });

  test('saving a card sends the whole programme with the current state, then a toast', async () => {
    signIn();
    answerStore();
    let sent: unknown;
    server.use(
      http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody({ isActive: true }))),
      http.post(SETTINGS_URL, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          settingsBody({
            ...(sent as object),
            updatedAt: '2026-11-23T10:00:00.000Z',
          }),
        );
      }),
    );
    const { user } = renderApp('/members');
    const card = await screen.findByTestId('reward-card-participant');
    await user.selectOptions(within(card).getByLabelText('نوع المكافأة'), 'fixed');
    const value = within(card).getByLabelText('قيمة الخصم');
    await user.clear(value);
    await user.type(value, '٢٥');
    expect(within(card).getByTestId('reward-summary-participant').textContent).toMatch(/25/);
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حُفظت مكافأة العميل الداعي')).toBeInTheDocument();
    expect(sent).toEqual({
      isActive: true,
      participantReward: { type: 'fixed', value: 25, maxAmount: null },
      referralReward: { type: 'percentage', value: 5, maxAmount: null },
      limits: { giftsPerCode: 10, giftsPerDay: 100 },
    });
  });

  test('the gift limits show the store’s own and are saved with the whole programme', async () => {
    signIn();
    answerStore();
    let sent: unknown;
    server.use(
      http.get(SETTINGS_URL, () =>
        HttpResponse.json(settingsBody({ limits: { giftsPerCode: 4, giftsPerDay: 30 } })),
      ),
      http.post(SETTINGS_URL, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          settingsBody({ ...(sent as object), updatedAt: '2026-11-26T10:00:00.000Z' }),
        );
      }),
    );
    const { user } = renderApp('/members');
    const card = await screen.findByTestId('gift-limits-card');
    expect(within(card).getByRole('heading', { name: 'حدود الهدايا' })).toBeInTheDocument();
    const perCode = within(card).getByLabelText('عدد الهدايا لكل رابط دعوة');
    const perDay = within(card).getByLabelText('عدد هدايا المتجر في اليوم');
    expect(perCode).toHaveValue('4');
    expect(perDay).toHaveValue('30');
    expect(perCode).toHaveAccessibleDescription(/من 1 إلى 1,000/);
    await user.clear(perCode);
    await user.type(perCode, '٣');
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect(await screen.findByText('حُفظت حدود الهدايا')).toBeInTheDocument();
    expect(sent).toEqual({
      isActive: false,
      participantReward: REFERRAL_DEFAULTS.participantReward,
      referralReward: REFERRAL_DEFAULTS.referralReward,
      limits: { giftsPerCode: 3, giftsPerDay: 30 },
    });
  });

  test.each([
    ['0', 'أدخل رقمًا صحيحًا من 1 إلى 1,000'],
    ['1001', 'أدخل رقمًا صحيحًا من 1 إلى 1,000'],
    ['2.5', 'أدخل رقمًا صحيحًا من 1 إلى 1,000'],
    ['abc', 'أدخل رقمًا صحيحًا بلا كسور'],
    ['', 'أدخل رقمًا صحيحًا بلا كسور'],
  ])('a gift limit of "%s" shows a field error and saves nothing', async (typed, message) => {
    signIn();
    answerStore();
    let posts = 0;
    server.use(
      http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody())),
      http.post(SETTINGS_URL, () => {
        posts += 1;
        return HttpResponse.json(settingsBody());
      }),
    );
    const { user } = renderApp('/members');
    const card = await screen.findByTestId('gift-limits-card');
    const perCode = within(card).getByLabelText('عدد الهدايا لكل رابط دعوة');
    await user.clear(perCode);
    if (typed) await user.type(perCode, typed);
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(perCode).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
  });

  test('the gift limits read in English too', async () => {
    await i18n.changeLanguage('en');
    signIn();
    answerStore();
    server.use(http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody())));
    renderApp('/members');
    const card = await screen.findByTestId('gift-limits-card');
    expect(within(card).getByRole('heading', { name: 'Gift limits' })).toBeInTheDocument();
    expect(within(card).getByLabelText('Gifts per invitation link')).toHaveValue('10');
    expect(within(card).getByLabelText('Gifts per day for the store')).toHaveAccessibleDescription(
      'How many gifts the store gives in any 24 hours, across all links (1 to 10,000).',
    );
  });

  test.each([
    ['abc', 'أدخل رقمًا صحيحًا بلا كسور'],
    ['', 'أدخل رقمًا صحيحًا بلا كسور'],
    ['12abc', 'أدخل رقمًا صحيحًا بلا كسور'],
    ['150', 'النسبة لا تتجاوز 100٪'],
  ])('"%s" shows a field error and saves nothing (never 0)', async (typed, message) => {
    signIn();
    answerStore();
    let posts = 0;
    server.use(
      http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody())),
      http.post(SETTINGS_URL, () => {
        posts += 1;
        return HttpResponse.json(settingsBody());
      }),
    );
    const { user } = renderApp('/members');
    const card = await screen.findByTestId('reward-card-referral');
    const value = within(card).getByLabelText('نسبة الخصم');
    await user.clear(value);
    if (typed) await user.type(value, typed);
    await user.click(within(card).getByRole('button', { name: 'حفظ' }));
    expect(await within(card).findByText(message)).toBeInTheDocument();
    expect(value).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);
  });

  test('free shipping has no value field', async () => {
    signIn();
    answerStore();
    server.use(http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody())));
    const { user } = renderApp('/members');
    const card = await screen.findByTestId('reward-card-referral');
    await user.selectOptions(within(card).getByLabelText('نوع المكافأة'), 'shipping');
    expect(within(card).queryByLabelText('نسبة الخصم')).not.toBeInTheDocument();
    expect(within(card).getByTestId('reward-summary-referral')).toHaveTextContent('شحن مجاني');
  });

  test('turning on asks first with both rewards in words; the switch goes back with an alert when the call fails', async () => {
    signIn();
    answerStore();
    server.use(
      http.get(SETTINGS_URL, () => HttpResponse.json(settingsBody())),
      http.post('/api/referrals/toggle', async () => {
        await new Promise((r) => setTimeout(r, 100));
        return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
      }),
    );
    const { user } = renderApp('/members');
    const toggle = await screen.findByRole('switch', { name: 'برنامج الإحالة' });
    await user.click(toggle);
    const confirm = await screen.findByRole('alertdialog', { name: 'تفعيل برنامج الإحالة؟' });
    expect(confirm).toHaveTextContent('الصديق المدعو يحصل على «خصم');
    expect(toggle).not.toBeChecked();
    await user.click(within(confirm).getByRole('button', { name: 'فعّل البرنامج' }));
    expect(toggle).toBeChecked();
    expect(
      await screen.findByText('تعذّر تغيير حالة برنامج الإحالة، وأُعيد المفتاح كما كان'),
    ).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  test('a starter store sees the upgrade prompt, not the settings', async () => {
    signIn();
    answerStore();
    server.use(
      http.get(SETTINGS_URL, () =>
        HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 }),
      ),
    );
    renderApp('/members');
    const prompt = await screen.findByTestId('referral-upgrade');
    expect(prompt).toHaveTextContent('برنامج الإحالة من مزايا باقة النمو');
    expect(within(prompt).getByRole('link')).toHaveAttribute('href', 'https://apps.salla.sa');
    expect(screen.queryByTestId('reward-card-participant')).not.toBeInTheDocument();
  });
});
