import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { REFERRAL_DEFAULTS, STORAGE_KEYS } from '@nuqat/contracts';
import { analyticsBody } from '../features/analytics/testing/analytics-body';
import { server } from '../testing/server';
import { renderApp } from '../testing/render-app';
import {
  notificationHandlers,
  dashboardBody,
  TEST_MERCHANT,
  errorBody,
  loyaltyRulesBody,
  programmeBody,
  redemptionsBody,
  referralsBody,
  referralSummaryBody,
  rewardsBody,
  rewardsReportBody,
  tiersBody,
  campaignsBody,
  productRulesBody,
  categoriesBody,
  tiersPreviewBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
  settingsBody,
  roiBody,
} from '../testing/mocks';

// /settings loads its «رسائل العملاء» section too.
beforeEach(() => {
  server.use(...notificationHandlers());
});

const STORE_INFO_URL = '/api/merchants/store-info';
const LOGOUT_URL = '/api/merchants/auth/logout';

function answerSubscription() {
  server.use(
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
  );
}

function answerStoreInfo(overrides: Parameters<typeof storeInfoBody>[0] = {}) {
  server.use(
    http.get(STORE_INFO_URL, () => HttpResponse.json(storeInfoBody(overrides))),
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
    http.get('/api/merchants/settings', () => HttpResponse.json(settingsBody())),
    http.get('/api/merchants/dashboard', () => HttpResponse.json(dashboardBody())),
    http.get('/api/referrals/settings', () =>
      HttpResponse.json({ success: true, data: { ...REFERRAL_DEFAULTS, updatedAt: null } }),
    ),
    // /members loads the programme's results below its settings.
    http.get('/api/referrals/summary', () => HttpResponse.json(referralSummaryBody())),
    http.get('/api/referrals', () => HttpResponse.json(referralsBody())),
    http.get('/api/merchants/coupons', () =>
      HttpResponse.json({ success: true, data: { items: [], nextCursor: null } }),
    ),
    // The points programme and rewards screens load these on arrival.
    http.get('/api/loyalty', () => HttpResponse.json(loyaltyRulesBody())),
    http.get('/api/loyalty/programme', () => HttpResponse.json(programmeBody())),
    http.get('/api/rewards', () => HttpResponse.json(rewardsBody())),
    http.get('/api/rewards/report', () => HttpResponse.json(rewardsReportBody())),
    http.get('/api/rewards/redemptions', () => HttpResponse.json(redemptionsBody())),
    http.get('/api/merchants/analytics', () => HttpResponse.json(analyticsBody())),
    http.get('/api/merchants/roi', () => HttpResponse.json(roiBody())),
    // The rewards and customers screens offer the store's VIP tiers; /tiers edits them.
    http.get('/api/tiers', () => HttpResponse.json(tiersBody())),
    http.post('/api/tiers/preview', () => HttpResponse.json(tiersPreviewBody())),
    http.get('/api/campaigns', () => HttpResponse.json(campaignsBody())),
    http.get('/api/campaigns/product-rules', () => HttpResponse.json(productRulesBody())),
    http.get('/api/campaigns/category-rules', () => HttpResponse.json(categoriesBody())),
    http.get('/api/merchants/customers', () =>
      HttpResponse.json({ success: true, data: { items: [], nextCursor: null } }),
    ),
  );
}

describe('session guard', () => {
  test.each([
    '/dashboard',
    '/setpoints',
    '/members',
    '/coupons',
    '/customers',
    '/customers/123',
    '/rewards',
    '/tiers',
    '/campaigns',
    '/analytics',
    '/settings',
  ])('without a token, %s redirects to /login', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  test('a 401 from any call clears the session and goes to /login with a reason', async () => {
    signIn();
    answerSubscription();
    server.use(
      http.get(STORE_INFO_URL, () =>
        HttpResponse.json(errorBody('SESSION_EXPIRED'), { status: 401 }),
      ),
    );
    const { router } = renderApp('/settings');

    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('انتهت الجلسة، يرجى تسجيل الدخول مرة أخرى');
    for (const key of ['token', 'merchantId', 'merchantName', 'sessionTimestamp'] as const) {
      expect(localStorage.getItem(STORAGE_KEYS[key])).toBeNull();
    }
  });

  test('logging out revokes the session on the server, clears it here and opens /login', async () => {
    signIn();
    answerStoreInfo();
    let logoutCalls = 0;
    let authorization: string | null = 'unset';
    let csrf: string | null = null;
    server.use(
      http.post(LOGOUT_URL, ({ request }) => {
        logoutCalls += 1;
        authorization = request.headers.get('Authorization');
        csrf = request.headers.get('X-CSRF-Token');
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { level: 1, name: 'الرئيسية' });

    await user.click(screen.getByRole('button', { name: 'تسجيل الخروج' }));

    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(logoutCalls).toBe(1);
    // The cookie session, with its CSRF token; no bearer token exists in the browser.
    expect(authorization).toBeNull();
    expect(csrf).toBe(TEST_MERCHANT.csrfToken);
    for (const key of ['token', 'merchantId', 'merchantName', 'sessionTimestamp'] as const) {
      expect(localStorage.getItem(STORAGE_KEYS[key])).toBeNull();
    }
  });
});

describe('merchant screens', () => {
  test.each([
    ['/dashboard', 'الرئيسية'],
    ['/setpoints', 'برنامج النقاط'],
    ['/members', 'برنامج الإحالة'],
    ['/coupons', 'الكوبونات والخصومات'],
    ['/customers', 'العملاء'],
    ['/rewards', 'المكافآت'],
    ['/tiers', 'مستويات كبار العملاء'],
    ['/campaigns', 'الحملات'],
    ['/analytics', 'التحليلات والإحصائيات'],
    ['/settings', 'الإعدادات'],
  ])('%s opens with its heading inside the merchant layout', async (path, heading) => {
    signIn();
    answerStoreInfo();
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getAllByRole('link')).toHaveLength(9);
    expect(await screen.findByTestId('store-name')).toHaveTextContent(TEST_MERCHANT.merchantName);
  });

  test('the side menu marks the current screen and moves between screens', async () => {
    signIn();
    answerStoreInfo();
    const { user, router } = renderApp('/dashboard');
    // The shell drawn while the screen's code loads has the same menu; the test moves on from the
    // dashboard itself, once it is drawn.
    await waitFor(() => expect(screen.queryByTestId('page-skeleton')).not.toBeInTheDocument());
    const nav = await screen.findByRole('navigation', { name: 'القائمة الرئيسية' });
    expect(within(nav).getByRole('link', { name: 'الرئيسية' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await user.click(within(nav).getByRole('link', { name: 'المكافآت' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'المكافآت' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/rewards');
  });

  test('the mobile menu opens as a dialog and closes with Escape', async () => {
    signIn();
    answerStoreInfo();
    const { user } = renderApp('/dashboard');
    // The shell drawn while the screen's code loads (issue 27) gives way to the screen's own.
    await waitFor(() => expect(screen.queryByTestId('page-skeleton')).not.toBeInTheDocument());
    await user.click(await screen.findByRole('button', { name: 'فتح القائمة' }));
    const dialog = await screen.findByRole('dialog', { name: 'القائمة الرئيسية' });
    expect(within(dialog).getByRole('link', { name: 'برنامج النقاط' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the dashboard shows the store and its subscription from store-info', async () => {
    signIn();
    answerStoreInfo({ subscriptionStatus: 'expired' });
    renderApp('/dashboard');
    expect(await screen.findByText('owner@rose.example')).toBeInTheDocument();
    expect(screen.getByText(TEST_MERCHANT.merchantId)).toBeInTheDocument();
    expect(screen.getByText('منتهي').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
  });

  test.each([
    ['active', 'نشط', 'green'],
    ['trial', 'تجريبي', 'blue'],
    ['suspended', 'موقوف', 'yellow'],
    ['inactive', 'غير نشط', 'grey'],
  ] as const)('a %s subscription reads "%s" in %s', async (status, label, tone) => {
    signIn();
    answerStoreInfo({ subscriptionStatus: status });
    renderApp('/settings');
    expect((await screen.findByText(label)).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      tone,
    );
  });

  test('an unknown subscription status is shown grey with its raw text', async () => {
    signIn();
    answerSubscription();
    server.use(
      http.get(STORE_INFO_URL, () =>
        HttpResponse.json({
          ...storeInfoBody(),
          data: { ...storeInfoBody().data, subscriptionStatus: 'paused' },
        }),
      ),
    );
    renderApp('/settings');
    expect((await screen.findByText('paused')).closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'grey',
    );
  });

  test('a failed store-info load shows an error with a working retry', async () => {
    signIn();
    answerSubscription();
    let calls = 0;
    server.use(
      http.get(STORE_INFO_URL, () => {
        calls += 1;
        return calls === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json(storeInfoBody());
      }),
    );
    const { user } = renderApp('/settings');
    await waitFor(() => expect(screen.queryByTestId('page-skeleton')).not.toBeInTheDocument());
    const main = await screen.findByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل الإعدادات');
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByText('owner@rose.example')).toBeInTheDocument();
  });
});

describe('preferences', () => {
  test('the page starts in Arabic, right to left', async () => {
    renderApp('/login');
    await screen.findByTestId('login-form');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  test('the language toggle switches text, dir and lang and saves the choice', async () => {
    const { user } = renderApp('/login');
    await screen.findByTestId('login-form');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'العربية' }));
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('ar');
  });

  test('the dark-mode toggle sets the dark class and saves darkMode', async () => {
    const { user } = renderApp('/login');
    await screen.findByTestId('login-form');
    const toggle = screen.getByRole('button', { name: 'الوضع الداكن' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');

    await user.click(toggle);
    expect(document.documentElement).toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('true');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');

    await user.click(toggle);
    expect(document.documentElement).not.toHaveClass('dark');
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('false');
  });

  test('the settings screen switches language and dark mode too', async () => {
    signIn();
    answerStoreInfo();
    const { user } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'الإعدادات' });

    await user.click(screen.getByRole('switch', { name: 'الوضع الداكن' }));
    expect(localStorage.getItem(STORAGE_KEYS.darkMode)).toBe('true');

    // The preferences' language (the widget's preview has an English choice of its own).
    const preferences = document.getElementById('settings-preferences')!;
    await user.click(within(preferences).getByRole('radio', { name: 'English' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('en');
  });
});

describe('public pages', () => {
  test('the landing page offers the login and both plans', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /تسجيل الدخول|دخول التاجر/ })[0]).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByRole('heading', { level: 3, name: 'الباقة الأساسية' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'باقة النمو' })).toBeInTheDocument();
  });

  test('an unknown address shows a real 404 page', async () => {
    renderApp('/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' })).toHaveAttribute(
      'href',
      '/',
    );
  });

  test("the shoppers' loyalty page is not a route of the back-office", async () => {
    // The API serves it as loyalty.html (src/shopper); inside the SPA the address is unknown.
    renderApp('/customerloyaltysalla?merchantId=1234567');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'الصفحة غير موجودة' }),
    ).toBeInTheDocument();
  });
});
