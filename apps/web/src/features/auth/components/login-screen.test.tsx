import { screen, within } from '@testing-library/react';
import { http, HttpResponse, delay } from 'msw';
import { beforeEach, describe, expect, test } from 'vitest';
import { STORAGE_KEYS } from '@nuqat/contracts';
import { server } from '../../../testing/server';
import { renderApp } from '../../../testing/render-app';
import {
  TEST_MERCHANT,
  errorBody,
  loginResponseBody,
  signIn,
  storeInfoBody,
  subscriptionBody,
  dashboardBody,
} from '../../../testing/mocks';

// The dashboard (where a login lands) loads its figures; these tests are about other things.
beforeEach(() => {
  server.use(http.get('/api/merchants/dashboard', () => HttpResponse.json(dashboardBody())));
});

const LOGIN_URL = '/api/merchants/auth/login';
const STORE_INFO_URL = '/api/merchants/store-info';

// A login that succeeds opens the dashboard, which reads the subscription.
beforeEach(() => {
  server.use(
    http.get('/api/merchants/subscription/status', () => HttpResponse.json(subscriptionBody())),
  );
});

async function openLogin() {
  const app = renderApp('/login');
  const form = await screen.findByTestId('login-form');
  return { ...app, form };
}

describe('login', () => {
  test('an empty form is not sent and both fields say they are required', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
  });

  test('an e-mail without its shape is a field error before anything is sent (issue 27)', async () => {
    let sent = 0;
    server.use(
      http.post(LOGIN_URL, () => {
        sent += 1;
        return HttpResponse.json(loginResponseBody());
      }),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'owner.rose.example');
    await user.type(screen.getByLabelText('كلمة المرور'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    expect(await screen.findByText('أدخل بريدًا إلكترونيًا صحيحًا')).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toBe(0);
  });

  test('the e-mail is sent lower-cased and trimmed and the password trimmed, in cookie mode', async () => {
    let body: unknown;
    let mode: string | null = null;
    server.use(
      http.post(LOGIN_URL, async ({ request }) => {
        body = await request.json();
        mode = request.headers.get('X-Session-Mode');
        return HttpResponse.json(loginResponseBody());
      }),
      http.get(STORE_INFO_URL, () => HttpResponse.json(storeInfoBody())),
    );
    const { user } = await openLogin();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), '  Owner@Rose.Example ');
    await user.type(screen.getByLabelText('كلمة المرور'), '  correct horse  ');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
    await screen.findByRole('heading', { level: 1, name: 'الرئيسية' });
    expect(body).toEqual({ email: 'owner@rose.example', password: 'correct horse' });
    expect(mode).toBe('cookie');
  });

  test('a successful login stores the session and opens the dashboard', async () => {
    server.use(
      http.post(LOGIN_URL, () => HttpResponse.json(loginResponseBody())),
      http.get(STORE_INFO_URL, () => HttpResponse.json(storeInfoBody())),
    );
    const before = Date.now();
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'owner@rose.example');
    await user.type(screen.getByLabelText('كلمة المرور'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    await screen.findByRole('heading', { level: 1, name: 'الرئيسية' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.merchantId)).toBe(TEST_MERCHANT.merchantId);
    expect(localStorage.getItem(STORAGE_KEYS.merchantName)).toBe(TEST_MERCHANT.merchantName);
    expect(Number(localStorage.getItem(STORAGE_KEYS.sessionTimestamp))).toBeGreaterThanOrEqual(
      before,
    );
  });
});

test('a token in the answer (an API-client answer) is never kept in the browser', async () => {
  server.use(
    http.post(LOGIN_URL, () =>
      HttpResponse.json(loginResponseBody({ token: TEST_MERCHANT.token })),
    ),
    http.get(STORE_INFO_URL, () => HttpResponse.json(storeInfoBody())),
  );
  const { user } = await openLogin();
  await user.type(screen.getByLabelText('البريد الإلكتروني'), 'owner@rose.example');
  await user.type(screen.getByLabelText('كلمة المرور'), 'correct horse');
  await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));
  await screen.findByRole('heading', { level: 1, name: 'الرئيسية' });
  expect(localStorage.getItem(STORAGE_KEYS.merchantId)).toBe(TEST_MERCHANT.merchantId);
  expect(JSON.stringify({ ...localStorage })).not.toContain(TEST_MERCHANT.token);
});

describe('login errors', () => {
  async function submitWith(user: ReturnType<typeof renderApp>['user']) {
    await user.type(screen.getByLabelText(/^(البريد الإلكتروني|Email)$/), 'owner@rose.example');
    await user.type(screen.getByLabelText(/^(كلمة المرور|Password)$/), 'wrong password');
    await user.click(screen.getByRole('button', { name: /^(تسجيل الدخول|Log in)$/ }));
  }

  test('a wrong password shows the catalogue message in Arabic', async () => {
    server.use(
      http.post(LOGIN_URL, () =>
        HttpResponse.json(errorBody('AUTH_INVALID_CREDENTIALS'), { status: 401 }),
      ),
    );
    const { user } = await openLogin();
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    );
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  test('a wrong password shows "Incorrect email or password" in English', async () => {
    server.use(
      http.post(LOGIN_URL, () =>
        HttpResponse.json(errorBody('AUTH_INVALID_CREDENTIALS'), { status: 401 }),
      ),
    );
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password');
  });

  test('a 401 without a known code still reads as wrong credentials', async () => {
    server.use(http.post(LOGIN_URL, () => new HttpResponse(null, { status: 401 })));
    const { user } = await openLogin();
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    );
  });

  test('too many attempts show the rate-limit message with the seconds to wait', async () => {
    server.use(
      http.post(LOGIN_URL, () =>
        HttpResponse.json(errorBody('RATE_LIMITED', { retryAfter: 42 }), {
          status: 429,
          headers: { 'Retry-After': '42' },
        }),
      ),
    );
    const { user } = await openLogin();
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'محاولات كثيرة، حاول مرة أخرى بعد 42 ثانية',
    );
  });

  test('a server error with no readable body shows "Server error: {status}"', async () => {
    server.use(
      http.post(LOGIN_URL, () => new HttpResponse('<h1>Bad gateway</h1>', { status: 502 })),
    );
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Server error: 502');
  });

  test('an error with an unknown code shows the server message', async () => {
    server.use(
      http.post(LOGIN_URL, () =>
        HttpResponse.json(
          { success: false, code: 'ACCOUNT_LOCKED', message: 'الحساب مقفل مؤقتًا' },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openLogin();
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('الحساب مقفل مؤقتًا');
  });

  test('an answer without a token or success flag shows "Invalid server response"', async () => {
    server.use(http.post(LOGIN_URL, () => HttpResponse.json({ hello: 'world' })));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid server response');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  test('no answer at all shows "Login failed. Please try again."', async () => {
    server.use(http.post(LOGIN_URL, () => HttpResponse.error()));
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await submitWith(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed. Please try again.');
  });
});

describe('login form behaviour', () => {
  test('the password can be shown and hidden', async () => {
    const { user } = await openLogin();
    const password = screen.getByLabelText('كلمة المرور');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'إظهار كلمة المرور' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'إخفاء كلمة المرور' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  test('the form is disabled while the login request is running', async () => {
    server.use(
      http.post(LOGIN_URL, async () => {
        await delay(150);
        return HttpResponse.json(errorBody('AUTH_INVALID_CREDENTIALS'), { status: 401 });
      }),
    );
    const { user, form } = await openLogin();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'owner@rose.example');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(within(form).getByRole('group')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeDisabled();
    await screen.findByRole('alert');
    expect(screen.getByRole('button', { name: 'تسجيل الدخول' })).toBeEnabled();
  });

  test('a login answer without a token falls back to the session cookie check', async () => {
    let storeInfoCalls = 0;
    server.use(
      http.post(LOGIN_URL, () => HttpResponse.json({ success: true })),
      http.get(STORE_INFO_URL, () => {
        storeInfoCalls += 1;
        return HttpResponse.json(storeInfoBody());
      }),
    );
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'owner@rose.example');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    await screen.findByRole('heading', { level: 1, name: 'الرئيسية' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(storeInfoCalls).toBeGreaterThanOrEqual(1);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.merchantId)).toBe(TEST_MERCHANT.merchantId);
    expect(localStorage.getItem(STORAGE_KEYS.merchantName)).toBe(TEST_MERCHANT.merchantName);
  });

  test('a failed cookie check after a token-less answer keeps the merchant on /login', async () => {
    server.use(
      http.post(LOGIN_URL, () => HttpResponse.json({ status: 'success' })),
      http.get(STORE_INFO_URL, () =>
        HttpResponse.json(errorBody('UNAUTHENTICATED'), { status: 401 }),
      ),
    );
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'owner@rose.example');
    await user.type(screen.getByLabelText('كلمة المرور'), 'secret');
    await user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'فشل تسجيل الدخول، يرجى المحاولة مرة أخرى',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.sessionTimestamp)).toBeNull();
  });

  test('a signed-in merchant visiting /login goes straight to the dashboard', async () => {
    signIn();
    server.use(http.get(STORE_INFO_URL, () => HttpResponse.json(storeInfoBody())));
    const { router } = renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'الرئيسية' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('the back-to-homepage link leads to the landing page', async () => {
    const { user, router } = await openLogin();
    await user.click(screen.getByRole('link', { name: 'العودة إلى الصفحة الرئيسية' }));
    await screen.findByRole('heading', { level: 1, name: 'اجعل كل عملية شراء سببًا للعودة' });
    expect(router.state.location.pathname).toBe('/');
  });
});
