import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { UI_TIMING } from '@nuqat/contracts';
import { server } from '../../../testing/server';
import { renderApp, type RenderAppOptions } from '../../../testing/render-app';
import { errorBody, messageBody } from '../../../testing/mocks';

const FORGOT_URL = '/api/merchants/auth/forgot-password';
const VERIFY_URL = '/api/merchants/auth/verify-reset-code';
const RESET_URL = '/api/merchants/auth/reset-password';
const EMAIL = 'owner@rose.example';

async function openRecovery(options: RenderAppOptions = {}) {
  const app = renderApp('/login', options);
  await screen.findByTestId('login-form');
  await app.user.click(screen.getByRole('button', { name: 'نسيت كلمة المرور؟' }));
  await screen.findByTestId('recovery-email');
  return app;
}

async function reachCodeStep(options: RenderAppOptions = {}) {
  server.use(http.post(FORGOT_URL, () => HttpResponse.json(messageBody())));
  const app = await openRecovery(options);
  await app.user.type(screen.getByLabelText('البريد الإلكتروني'), EMAIL);
  await app.user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
  await screen.findByTestId('recovery-code');
  return app;
}

async function reachPasswordStep(options: RenderAppOptions = {}) {
  server.use(http.post(VERIFY_URL, () => HttpResponse.json(messageBody())));
  const app = await reachCodeStep(options);
  await app.user.type(screen.getByLabelText('رمز التحقق'), '123456');
  await app.user.click(screen.getByRole('button', { name: 'تحقق من الرمز' }));
  await screen.findByTestId('recovery-password');
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('password recovery: e-mail step', () => {
  test('an empty e-mail is required and a malformed one is refused', async () => {
    const { user } = await openRecovery();
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    expect(await screen.findByText('هذا الحقل مطلوب')).toBeInTheDocument();

    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    expect(await screen.findByText('أدخل بريدًا إلكترونيًا صحيحًا')).toBeInTheDocument();
    expect(screen.getByTestId('recovery-email')).toBeInTheDocument();
  });

  test('sending the code posts the normalised e-mail and says it was sent', async () => {
    let body: unknown;
    server.use(
      http.post(FORGOT_URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(messageBody());
      }),
    );
    const { user } = await openRecovery();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.type(screen.getByLabelText('Email'), 'Owner@Rose.Example');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    expect(await screen.findByTestId('recovery-code')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Verification code sent successfully');
    expect(body).toEqual({ email: EMAIL });
  });

  test('a failed send shows "Failed to send verification code"', async () => {
    server.use(http.post(FORGOT_URL, () => HttpResponse.error()));
    const { user } = await openRecovery();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.type(screen.getByLabelText('Email'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to send verification code. Please try again.',
    );
  });

  test('too many code requests show the rate-limit message', async () => {
    server.use(
      http.post(FORGOT_URL, () =>
        HttpResponse.json(errorBody('RATE_LIMITED', { retryAfter: 60 }), { status: 429 }),
      ),
    );
    const { user } = await openRecovery();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'إرسال الرمز' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'محاولات كثيرة، حاول مرة أخرى بعد دقيقة واحدة',
    );
  });

  test('back from the e-mail step returns to the login form', async () => {
    const { user } = await openRecovery();
    await user.click(screen.getByRole('button', { name: 'العودة إلى تسجيل الدخول' }));
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
  });
});

describe('password recovery: code step', () => {
  test('the code input is numeric, keeps digits only and at most six of them', async () => {
    const { user } = await reachCodeStep();
    const input = screen.getByLabelText('رمز التحقق');
    const verify = screen.getByRole('button', { name: 'تحقق من الرمز' });

    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(verify).toBeDisabled();

    await user.type(input, 'a1b2c3');
    expect(input).toHaveValue('123');
    expect(verify).toBeDisabled();

    await user.type(input, '45');
    expect(verify).toBeDisabled();

    await user.type(input, '6789');
    expect(input).toHaveValue('123456');
    expect(verify).toBeEnabled();
  });

  test('digits typed on an Arabic keyboard are accepted', async () => {
    const { user } = await reachCodeStep();
    const input = screen.getByLabelText('رمز التحقق');
    await user.type(input, '١٢٣٤٥٦');
    expect(input).toHaveValue('123456');
  });

  test('a code the server refuses (HTTP 400) shows "Invalid or expired verification code"', async () => {
    server.use(
      http.post(VERIFY_URL, () =>
        HttpResponse.json(errorBody('RESET_CODE_INVALID'), { status: 400 }),
      ),
    );
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid or expired verification code',
    );
    expect(screen.getByTestId('recovery-code')).toBeInTheDocument();
  });

  test('any other verify failure shows "Failed to verify code"', async () => {
    server.use(http.post(VERIFY_URL, () => new HttpResponse(null, { status: 500 })));
    const { user } = await reachCodeStep();
    await user.type(screen.getByLabelText('رمز التحقق'), '654321');
    await user.click(screen.getByRole('button', { name: 'تحقق من الرمز' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'فشل التحقق من الرمز، يرجى المحاولة مرة أخرى',
    );
  });

  test('a verified code says so and moves to the new password', async () => {
    let body: unknown;
    server.use(
      http.post(VERIFY_URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(messageBody());
      }),
    );
    const { user } = await reachCodeStep();
    await user.type(screen.getByLabelText('رمز التحقق'), '123456');
    await user.click(screen.getByRole('button', { name: 'تحقق من الرمز' }));
    expect(await screen.findByTestId('recovery-password')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('تم التحقق من الرمز بنجاح');
    expect(body).toEqual({ email: EMAIL, code: '123456' });
  });

  test('back from the code step returns to the e-mail step with the e-mail kept', async () => {
    const { user } = await reachCodeStep();
    await user.click(screen.getByRole('button', { name: 'رجوع' }));
    expect(await screen.findByTestId('recovery-email')).toBeInTheDocument();
    expect(screen.getByLabelText('البريد الإلكتروني')).toHaveValue(EMAIL);
  });
});

describe('password recovery: new password step', () => {
  test('different passwords show "Passwords do not match" and nothing is sent', async () => {
    const { user } = await reachPasswordStep();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.type(screen.getByLabelText('New password'), 'a-long-password');
    await user.type(screen.getByLabelText('Confirm password'), 'another-password');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
  });

  test('a new password shorter than eight characters is refused', async () => {
    const { user } = await reachPasswordStep();
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'short');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'short');
    await user.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));
    expect(await screen.findByText('استخدم 8 أحرف على الأقل')).toBeInTheDocument();
  });

  test('a failed update shows "Failed to update password"', async () => {
    server.use(http.post(RESET_URL, () => HttpResponse.error()));
    const { user } = await reachPasswordStep();
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), 'a-long-password');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'a-long-password');
    await user.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'فشل تحديث كلمة المرور، يرجى المحاولة مرة أخرى',
    );
  });

  test('back from the new password step returns to the code step', async () => {
    const { user } = await reachPasswordStep();
    await user.click(screen.getByRole('button', { name: 'رجوع' }));
    expect(await screen.findByTestId('recovery-code')).toBeInTheDocument();
  });

  test('a successful update returns to an empty login form after two seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let body: unknown;
    server.use(
      http.post(RESET_URL, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(messageBody());
      }),
    );
    const { user } = await reachPasswordStep({ advanceTimers: vi.advanceTimersByTime });
    await user.type(screen.getByLabelText('كلمة المرور الجديدة'), '  a-long-password ');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'a-long-password');
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    await user.click(screen.getByRole('button', { name: 'تحديث كلمة المرور' }));

    expect(await screen.findByText('تم تحديث كلمة المرور بنجاح')).toBeInTheDocument();
    expect(body).toEqual({ email: EMAIL, code: '123456', newPassword: 'a-long-password' });
    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), UI_TIMING.resetReturnDelayMs);
    const form = screen.getByTestId('recovery-password');
    expect(within(form).getByRole('group')).toBeDisabled();

    // The clock also follows real time (shouldAdvanceTime), so leave a wide margin either side.
    act(() => {
      vi.advanceTimersByTime(UI_TIMING.resetReturnDelayMs / 2);
    });
    expect(screen.getByTestId('recovery-password')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(UI_TIMING.resetReturnDelayMs / 2);
    });
    const login = await screen.findByTestId('login-form');
    expect(within(login).getByLabelText('البريد الإلكتروني')).toHaveValue('');
    expect(within(login).getByLabelText('كلمة المرور')).toHaveValue('');
    expect(screen.queryByText('تم تحديث كلمة المرور بنجاح')).not.toBeInTheDocument();

    // Starting again shows an empty recovery form too.
    await user.click(screen.getByRole('button', { name: 'نسيت كلمة المرور؟' }));
    expect(await screen.findByLabelText('البريد الإلكتروني')).toHaveValue('');
  });
});
