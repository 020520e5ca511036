import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { server } from '../../testing/server';
import { ar } from '../locales/ar';
import { en } from '../locales/en';
import {
  CODE_REQUEST_ID,
  LOYALTY_URL,
  MERCHANT_ID,
  NOURA_IN_STORE,
  REQUEST_CODE_URL,
  SARA,
  VERIFY_CODE_URL,
  codeSentBody,
  errorBody,
  loyaltyBody,
  sessionBody,
} from '../testing/fixtures';
import { renderPage, storeAnswer, type RenderPageOptions } from '../testing/render-page';

/*
 * Issue 23, "every customer of the store can sign in": where the store can text, the code goes by
 * SMS as well as by e-mail; the mobile is typed as shoppers type it and checked before any call.
 */

const SMS = { channels: ['email', 'sms'] as Array<'email' | 'sms'>, preferred: 'email' as const };
const SMS_FIRST = {
  channels: ['email', 'sms'] as Array<'email' | 'sms'>,
  preferred: 'sms' as const,
};

afterEach(() => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

/** The code login's two calls, each recorded; request-code may answer an error instead. */
function serveCodeLogin(requestCodeError?: Parameters<typeof errorBody>[0]) {
  const requests: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.post(REQUEST_CODE_URL, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ path: 'request-code', body });
      if (requestCodeError && 'mobile' in body)
        return HttpResponse.json(errorBody(requestCodeError), { status: 502 });
      return HttpResponse.json(codeSentBody());
    }),
    http.post(VERIFY_CODE_URL, async ({ request }) => {
      requests.push({ path: 'verify-code', body: await request.json() });
      return HttpResponse.json(sessionBody());
    }),
    http.get(LOYALTY_URL, () => HttpResponse.json(loyaltyBody())),
  );
  return requests;
}

/** The page alone (no store around it): its own code form at once. */
function renderForm(
  authOptions: RenderPageOptions['authOptions'],
  search = `?merchantId=${MERCHANT_ID}`,
) {
  return renderPage({ search, authOptions });
}

describe('signing in by SMS', () => {
  test('the mobile tab comes first where the store prefers SMS; the number typed in Arabic-Indic digits is sent, the code step shows it masked, the sixth digit signs in', async () => {
    const requests = serveCodeLogin();
    const { user } = renderForm(SMS_FIRST);

    const via = await screen.findByRole('radiogroup', { name: ar['signIn.via'] });
    const tabs = within(via).getAllByRole('radio');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      ar['signIn.viaSms'],
      ar['signIn.viaEmail'],
    ]);
    expect(tabs[0]).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByText(ar['signIn.introMobile'])).toBeInTheDocument();

    const field = screen.getByLabelText(ar['signIn.mobile']);
    expect(field).toHaveAttribute('inputmode', 'tel');
    expect(field).toHaveAttribute('dir', 'ltr');
    await user.type(field, '٠٥٥ ١٢٣ ٤٥٦٧');
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));

    const code = await screen.findByLabelText(ar['signIn.code']);
    expect(requests).toEqual([
      {
        path: 'request-code',
        body: { merchantId: MERCHANT_ID, mobile: '+966551234567', lang: 'ar' },
      },
    ]);
    const masked = screen.getByText('+966 •••• 567');
    expect(masked).toHaveAttribute('dir', 'ltr');
    expect(screen.queryByText(/551234567/)).toBeNull();
    expect(screen.getByRole('button', { name: ar['signIn.changeMobile'] })).toBeInTheDocument();

    await user.click(code);
    await user.keyboard('12345');
    expect(requests).toHaveLength(1);
    await user.keyboard('6');
    expect(await screen.findByRole('region', { name: ar['balance.label'] })).toBeInTheDocument();
    expect(requests[1]).toEqual({
      path: 'verify-code',
      body: {
        merchantId: MERCHANT_ID,
        mobile: '+966551234567',
        code: '123456',
        requestId: CODE_REQUEST_ID,
      },
    });
  });

  test('the e-mail tab stays first where the store prefers e-mail, and the mobile is one tap away', async () => {
    const requests = serveCodeLogin();
    const { user } = renderForm(SMS);
    const via = await screen.findByRole('radiogroup', { name: ar['signIn.via'] });
    const tabs = within(via).getAllByRole('radio');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      ar['signIn.viaEmail'],
      ar['signIn.viaSms'],
    ]);
    expect(screen.getByLabelText(ar['signIn.email'])).toBeInTheDocument();
    await user.click(tabs[1]!);
    await user.type(screen.getByLabelText(ar['signIn.mobile']), '+966 50 123 4567');
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));
    await screen.findByLabelText(ar['signIn.code']);
    expect(requests[0]?.body).toEqual({
      merchantId: MERCHANT_ID,
      mobile: '+966501234567',
      lang: 'ar',
    });
  });

  test.each([
    ['ar', ar['errors.mobileInvalid'], '12345'],
    ['en', en['errors.mobileInvalid'], '0401234567'],
  ] as const)(
    'a number that is no mobile is caught before any call (%s)',
    async (lang, message, typed) => {
      const requests = serveCodeLogin();
      const { user } = renderForm(SMS_FIRST, `?merchantId=${MERCHANT_ID}&lang=${lang}`);
      const t = lang === 'ar' ? ar : en;
      const field = await screen.findByLabelText(t['signIn.mobile']);
      await user.type(field, typed);
      await user.click(screen.getByRole('button', { name: t['signIn.sendCode'] }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(field).toHaveFocus();
      expect(requests).toEqual([]);
    },
  );

  test('when the text could not be sent, the message shows and e-mail is offered instead', async () => {
    const requests = serveCodeLogin('SMS_SEND_FAILED');
    const { user } = renderForm(SMS_FIRST);
    await user.type(await screen.findByLabelText(ar['signIn.mobile']), '0501234567');
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));
    expect(await screen.findByText(errorBody('SMS_SEND_FAILED').message)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ar['signIn.useEmail'] }));
    const email = screen.getByLabelText(ar['signIn.email']);
    await user.type(email, SARA.email);
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));
    await screen.findByLabelText(ar['signIn.code']);
    expect(requests.map((r) => r.body)).toEqual([
      { merchantId: MERCHANT_ID, mobile: '+966501234567', lang: 'ar' },
      { merchantId: MERCHANT_ID, email: SARA.email, lang: 'ar' },
    ]);
  });

  test.each([
    [
      'a store without SMS',
      { channels: ['email'] as Array<'email' | 'sms'>, preferred: 'email' as const },
    ],
    ['options that fail to load', 503],
  ] as const)('%s: e-mail only, saying texts are not available', async (_, options) => {
    renderForm(options);
    expect(await screen.findByText(ar['signIn.smsUnavailable'])).toBeInTheDocument();
    expect(screen.getByLabelText(ar['signIn.email'])).toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.queryByLabelText(ar['signIn.mobile'])).toBeNull();
  });

  test('a shopper the store knows by mobile alone finds the mobile tab chosen and the number filled in', async () => {
    const requests = serveCodeLogin();
    const { sendFromStore } = renderPage({ framed: true, authOptions: SMS });
    sendFromStore(storeAnswer({ customer: NOURA_IN_STORE, session: null }));
    const field = await screen.findByLabelText(ar['signIn.mobile']);
    expect(field).toHaveValue(NOURA_IN_STORE.mobile);
    expect(screen.getByText(ar['welcome.storeSignedInMobile'])).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: ar['signIn.viaSms'] })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(requests).toEqual([]);
  });

  test('after the store’s sign-in, a mobile-only shopper is texted the code at once', async () => {
    const requests = serveCodeLogin();
    const { sendFromStore } = renderPage({ framed: true, authOptions: SMS });
    sendFromStore(storeAnswer({ customer: null, session: null, login: true }));
    await screen.findByRole('button', { name: ar['welcome.signIn'] });
    sendFromStore({
      type: 'nuqat:customer-login',
      merchantId: Number(MERCHANT_ID),
      customer: NOURA_IN_STORE,
      signIn: true,
    });
    await screen.findByLabelText(ar['signIn.code']);
    expect(screen.getByText('+966 •••• 567')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests).toEqual([
        {
          path: 'request-code',
          body: { merchantId: MERCHANT_ID, mobile: '+966551234567', lang: 'ar' },
        },
      ]),
    );
  });
});
