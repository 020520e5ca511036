import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { server } from '../../testing/server';
import { ar } from '../locales/ar';
import { en } from '../locales/en';
import {
  LOYALTY_URL,
  MERCHANT_ID,
  REDEEM_URL,
  SARA,
  SARA_IN_STORE,
  STORE_ORIGIN,
  CODE_REQUEST_ID,
  codeSentBody,
  errorBody,
  historyEntry,
  loyaltyBody,
  redeemBody,
  keptSession,
  reward,
  sessionBody,
} from '../testing/fixtures';
import { renderPage, renderSignedIn, storeAnswer } from '../testing/render-page';

const MERCHANT = Number(MERCHANT_ID);

beforeAll(() => {
  // jsdom has no modal dialogs yet; the component falls back to the `open` attribute, and this
  // gives it the real method names so the same path as in browsers runs.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.useRealTimers();
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

/** Answers the loyalty data call and records what the page sent. */
function serveLoyalty(body: unknown = loyaltyBody(), status = 200) {
  const calls: Request[] = [];
  server.use(
    http.get(LOYALTY_URL, ({ request }) => {
      calls.push(request.clone());
      return HttpResponse.json(body as Record<string, unknown>, { status });
    }),
  );
  return calls;
}

/** Nothing of the shopper's is written to the page's own storage any more. */
afterEach(() => {
  expect(window.localStorage.length).toBe(0);
});

const balance = () => screen.getByRole('region', { name: ar['balance.label'] });

describe('the shopper loyalty page', () => {
  test('without ?merchantId= it says the store cannot be determined and calls nothing', async () => {
    renderPage({ search: '' });
    expect(await screen.findByRole('alert')).toHaveTextContent(ar['errors.noStore']);
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('a shopper signs in with a code sent to their e-mail; the sixth digit sends it, and the store page keeps the token', async () => {
    const requests: Array<{ path: string; body: unknown; language: string | null }> = [];
    server.use(
      http.post('/api/customers/auth/request-code', async ({ request }) => {
        requests.push({
          path: 'request-code',
          body: await request.json(),
          language: request.headers.get('accept-language'),
        });
        return HttpResponse.json(codeSentBody());
      }),
      http.post('/api/customers/auth/verify-code', async ({ request }) => {
        requests.push({
          path: 'verify-code',
          body: await request.json(),
          language: request.headers.get('accept-language'),
        });
        return HttpResponse.json(sessionBody());
      }),
    );
    const loads = serveLoyalty();
    const { user, sendFromStore, posted } = renderPage({ framed: true });
    sendFromStore(storeAnswer({ customer: null, session: null }));

    expect(
      await screen.findByRole('heading', { level: 2, name: ar['signIn.title'] }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText(ar['signIn.email']), '  Sara@Example.com ');
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));

    const code = await screen.findByLabelText(ar['signIn.code']);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('dir', 'ltr');
    expect(code).toHaveFocus();
    expect(screen.getByText(codeSentBody().message)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: ar['signIn.resend'] })).toBeEnabled();
    expect(screen.getByRole('button', { name: ar['signIn.changeEmail'] })).toBeEnabled();

    const verify = screen.getByRole('button', { name: ar['signIn.verify'] });
    await user.type(code, '12a34');
    expect(code).toHaveValue('1234');
    expect(verify).toBeDisabled();
    // No button to press: the sixth digit sends the code.
    await user.type(code, '56');

    expect(
      await within(await screen.findByRole('region', { name: ar['balance.label'] })).findByText(
        '250',
      ),
    ).toBeInTheDocument();
    expect(requests).toEqual([
      {
        path: 'request-code',
        body: { merchantId: MERCHANT_ID, email: SARA.email, lang: 'ar' },
        language: 'ar',
      },
      {
        path: 'verify-code',
        body: {
          merchantId: MERCHANT_ID,
          email: SARA.email,
          code: '123456',
          requestId: CODE_REQUEST_ID,
        },
        language: 'ar',
      },
    ]);
    // The store page keeps the token (and shows the balance on its launcher); this page keeps
    // nothing of it.
    expect(posted()).toContainEqual({
      type: 'nuqat:session',
      merchantId: MERCHANT,
      session: keptSession(),
      points: 250,
    });
    expect(loads.at(-1)?.headers.get('authorization')).toBe(`Bearer ${SARA.token}`);
  });

  test('a wrong code shows the API message in the page language and keeps the code step', async () => {
    server.use(
      http.post('/api/customers/auth/request-code', () => HttpResponse.json(codeSentBody())),
      http.post('/api/customers/auth/verify-code', () =>
        HttpResponse.json(errorBody('SHOPPER_CODE_INVALID'), { status: 400 }),
      ),
    );
    const { user } = renderPage();
    await user.type(await screen.findByLabelText(ar['signIn.email']), SARA.email);
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));
    await user.type(await screen.findByLabelText(ar['signIn.code']), '000000');
    expect(await screen.findByText(errorBody('SHOPPER_CODE_INVALID').message)).toBeInTheDocument();
    expect(screen.getByLabelText(ar['signIn.code'])).toHaveFocus();

    await user.click(screen.getByRole('button', { name: ar['signIn.changeEmail'] }));
    expect(screen.getByLabelText(ar['signIn.email'])).toHaveValue(SARA.email);
  });

  test('a rate-limited code request says when to try again', async () => {
    server.use(
      http.post('/api/customers/auth/request-code', () =>
        HttpResponse.json(errorBody('RATE_LIMITED', 'ar', 60), { status: 429 }),
      ),
    );
    const { user } = renderPage();
    await user.type(await screen.findByLabelText(ar['signIn.email']), SARA.email);
    await user.click(screen.getByRole('button', { name: ar['signIn.sendCode'] }));
    // The wait in words (formatWait): a minute, not "60 seconds".
    expect(
      await screen.findByText(errorBody('RATE_LIMITED', 'ar', 60).message),
    ).toBeInTheDocument();
    expect(screen.getByLabelText(ar['signIn.email'])).toBeInTheDocument();
  });

  test('a stored token for this store loads the data with the token and the language', async () => {
    const loads = serveLoyalty(
      loyaltyBody({ expiringPoints: 3, nextExpiryAt: '2026-12-15T12:00:00.000Z' }),
    );
    renderSignedIn();

    expect(
      await screen.findByRole('heading', { level: 2, name: SARA.fullName }),
    ).toBeInTheDocument();
    expect(screen.getByText(SARA.email)).toHaveAttribute('dir', 'ltr');
    expect(within(balance()).getByText('250')).toBeInTheDocument();
    expect(within(balance()).getByText('نقطة')).toBeInTheDocument();
    expect(within(balance()).getByText(/3 نقاط تنتهي صلاحيتها في/)).toBeInTheDocument();
    const request = loads.at(-1);
    expect(new URL(request!.url).pathname).toBe(
      `/api/customers/loyalty/${MERCHANT_ID}/${SARA.customerId}`,
    );
    expect(new URL(request!.url).searchParams.get('lang')).toBe('ar');
    expect(request!.headers.get('authorization')).toBe(`Bearer ${SARA.token}`);
    expect(request!.headers.get('accept-language')).toBe('ar');
    // Rewards is the first tab, selected.
    expect(screen.getByRole('tab', { name: ar['tabs.rewards'] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  test("a token the store page hands over for another customer than the store's is not used", async () => {
    const loads = serveLoyalty();
    const { sendFromStore } = renderPage({ framed: true });
    sendFromStore(storeAnswer({ session: keptSession({ customerId: '42' }) }));
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue(SARA.email);
    expect(loads).toHaveLength(0);
  });

  test('the standalone page (no store around it) keeps no token: the shopper signs in each visit', async () => {
    const loads = serveLoyalty();
    renderPage();
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue('');
    expect(loads).toHaveLength(0);
  });

  test("in the store's frame it asks the store who is signed in, and the hint pre-fills the e-mail", async () => {
    const { parent, sendFromStore } = renderPage({ framed: true });
    expect(screen.getByRole('status')).toHaveTextContent(ar['states.loading']);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'nuqat:request-customer', merchantId: MERCHANT },
      STORE_ORIGIN,
    );
    sendFromStore(storeAnswer({ session: null }));
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue(SARA.email);
    // Only to the store's own origin, never '*'.
    for (const [, origin] of parent.postMessage.mock.calls) expect(origin).toBe(STORE_ORIGIN);
  });

  test('when the store does not answer within 3 seconds the page goes on without a customer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderPage({ framed: true });
    expect(screen.getByRole('status')).toHaveTextContent(ar['states.loading']);
    act(() => void vi.advanceTimersByTime(2900));
    expect(screen.queryByLabelText(ar['signIn.email'])).not.toBeInTheDocument();
    act(() => void vi.advanceTimersByTime(100));
    expect(screen.getByLabelText(ar['signIn.email'])).toHaveValue('');
  });

  test('messages from another origin, another window, or for another store, are ignored', async () => {
    serveLoyalty();
    const { sendFromStore } = renderPage({ framed: true });
    const stranger = { ...SARA_IN_STORE, id: 999, email: 'mallory@evil.example' };
    const forged = storeAnswer({
      customer: stranger,
      session: keptSession({ customerId: '999', token: 'forged' }),
    });
    // Had any of these been believed, the page would have left the loading state.
    sendFromStore(forged, 'https://evil.example');
    sendFromStore(forged, STORE_ORIGIN, window);
    sendFromStore({ ...forged, merchantId: MERCHANT + 1 });
    sendFromStore(storeAnswer({ customer: { ...SARA_IN_STORE, token: 'stolen' } }));
    sendFromStore(storeAnswer({ session: { token: 'x' } }));
    expect(screen.getByRole('status')).toHaveTextContent(ar['states.loading']);
    sendFromStore(storeAnswer());
    expect(await screen.findByRole('heading', { name: SARA.fullName })).toBeInTheDocument();

    sendFromStore({ type: 'nuqat:customer-logout', merchantId: MERCHANT }, 'https://evil.example');
    sendFromStore({ type: 'nuqat:customer-logout', merchantId: MERCHANT }, STORE_ORIGIN, window);
    expect(screen.getByRole('heading', { name: SARA.fullName })).toBeInTheDocument();
  });

  test('a store sign-in of another shopper, then a store sign-out, each end the session and revoke the token', async () => {
    serveLoyalty();
    const revoked: Array<string | null> = [];
    server.use(
      http.post('/api/customers/auth/logout', ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return HttpResponse.json({ success: true, message: 'ok' });
      }),
    );
    const { sendFromStore, posted } = renderSignedIn();
    expect(await screen.findByRole('heading', { name: SARA.fullName })).toBeInTheDocument();

    sendFromStore({
      type: 'nuqat:customer-login',
      merchantId: MERCHANT,
      customer: { ...SARA_IN_STORE, id: 42, email: 'omar@example.com' },
    });
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue('omar@example.com');
    expect(posted()).toContainEqual({ type: 'nuqat:logout', merchantId: MERCHANT });
    await waitFor(() => expect(revoked).toEqual([`Bearer ${SARA.token}`]));

    sendFromStore({ type: 'nuqat:customer-logout', merchantId: MERCHANT });
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue('');
  });

  test('a 401 from the API drops the token and asks the shopper to sign in again', async () => {
    serveLoyalty(errorBody('UNAUTHENTICATED'), 401);
    const { posted } = renderSignedIn();
    expect(await screen.findByText(ar['errors.sessionEnded'])).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: ar['signIn.title'] })).toBeInTheDocument();
    // The store page forgets it too.
    expect(posted()).toContainEqual({ type: 'nuqat:logout', merchantId: MERCHANT });
  });

  test('another failure shows the server message and a retry that loads again', async () => {
    serveLoyalty(errorBody('SERVICE_UNAVAILABLE'), 503);
    const { user } = renderSignedIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      errorBody('SERVICE_UNAVAILABLE').message,
    );
    serveLoyalty();
    await user.click(screen.getByRole('button', { name: ar['states.retry'] }));
    expect(await screen.findByRole('heading', { name: SARA.fullName })).toBeInTheDocument();
  });

  test('the loyalty data call gives up after 10 seconds and offers a retry', async () => {
    server.use(http.get(LOYALTY_URL, () => new Promise<never>(() => {})));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderSignedIn();
    expect(screen.getByRole('status')).toHaveTextContent(ar['states.loading']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(9_900);
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    vi.useRealTimers();
    expect(await screen.findByRole('alert')).toHaveTextContent(ar['errors.timeout']);
    expect(screen.getByRole('button', { name: ar['states.retry'] })).toBeInTheDocument();
  });

  test('an answer that is not the contract shows "invalid server response"', async () => {
    serveLoyalty({ success: true, data: { points: 'many' } });
    renderSignedIn();
    expect(await screen.findByRole('alert')).toHaveTextContent(ar['errors.invalidResponse']);
    expect(screen.getByRole('button', { name: ar['states.retry'] })).toBeInTheDocument();
  });

  test('a reward costing more than the balance cannot be redeemed', async () => {
    serveLoyalty();
    renderSignedIn();
    const expensive = (await screen.findByRole('heading', { level: 3, name: 'خصم 10%' })).closest(
      'article',
    )!;
    const affordable = screen
      .getByRole('heading', { level: 3, name: 'خصم 20 ريال' })
      .closest('article')!;
    const blocked = within(expensive).getByRole('button', { name: /نقاط غير كافية/ });
    expect(blocked).toBeDisabled();
    expect(within(expensive).getByText(ar['rewards.noDescription'])).toBeInTheDocument();
    expect(within(affordable).getByRole('button', { name: /^استبدال/ })).toBeEnabled();
    expect(within(affordable).getByText('200 نقطة')).toBeInTheDocument();
  });

  test('redeeming from the details dialog updates balance, coupons and history and shows the code', async () => {
    const loads = serveLoyalty();
    const bodies: unknown[] = [];
    server.use(
      http.post(REDEEM_URL, async ({ request }) => {
        bodies.push(await request.json());
        expect(request.headers.get('authorization')).toBe(`Bearer ${SARA.token}`);
        return HttpResponse.json(redeemBody());
      }),
    );
    const { user } = renderSignedIn();
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 20 ريال' })).closest(
      'article',
    )!;
    const loadsBefore = loads.length;
    const details = within(card).getByRole('button', { name: /التفاصيل/ });
    await user.click(details);

    const dialog = screen.getByRole('dialog', { name: 'خصم 20 ريال' });
    expect(dialog).toHaveAccessibleDescription('خصم ثابت على طلبك القادم');
    expect(within(dialog).getByText('200 نقطة')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: ar['rewards.cancel'] })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: /^استبدال/ }));
    // One question before the points go: what is spent and what comes back.
    expect(bodies).toEqual([]);
    expect(dialog).toHaveAccessibleDescription(/200 نقطة مقابل كوبون بقيمة/);
    expect(dialog).toHaveAccessibleDescription(/تبقى في رصيدك 50 نقطة/);
    await user.click(within(dialog).getByRole('button', { name: /^تأكيد الاستبدال/ }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ rewardId: reward().id, requestId: expect.any(String) }]);
    expect((bodies[0] as { requestId: string }).requestId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(await within(balance()).findByText('50')).toBeInTheDocument();
    // The code, large, with a copy button, and the e-mail note in a polite live region.
    expect(screen.getAllByText('NQT-7K2M-9QX4')[0]).toHaveAttribute('dir', 'ltr');
    expect(screen.getAllByRole('button', { name: /نسخ رمز الكوبون NQT-7K2M-9QX4/ })).toHaveLength(
      2,
    );
    const announcement = screen.getByText(
      (_, element) =>
        element?.getAttribute('role') === 'status' &&
        (element.textContent ?? '').includes(ar['redeem.emailNote']),
    );
    expect(announcement).toHaveTextContent('NQT-7K2M-9QX4');
    const coupons = screen.getByRole('region', { name: ar['coupons.title'] });
    expect(within(coupons).getByText(ar['coupons.status.issued'])).toBeInTheDocument();
    // 50 points left: this reward is now out of reach.
    expect(within(card).getByRole('button', { name: /نقاط غير كافية/ })).toBeDisabled();
    // Focus (and so the view) moves to the new coupon, not back to the card far below it.
    const newCoupon = screen.getAllByText('NQT-7K2M-9QX4')[0]!.closest('[tabindex="-1"]');
    await waitFor(() => expect(newCoupon).toHaveFocus());

    await user.click(screen.getByRole('tab', { name: ar['tabs.history'] }));
    const entries = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(entries[0]).toHaveTextContent('استبدال نقاط بمكافأة «خصم 20 ريال»');
    expect(entries[0]).toHaveTextContent('−200');
    // Spec §4: local state, no reload.
    expect(loads).toHaveLength(loadsBefore);
  });

  test('a failed redemption closes the dialog, shows the server message and reloads the data', async () => {
    const loads = serveLoyalty();
    server.use(
      http.post(REDEEM_URL, () =>
        HttpResponse.json(errorBody('REDEMPTION_FAILED'), { status: 502 }),
      ),
    );
    const { user } = renderSignedIn();
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 20 ريال' })).closest(
      'article',
    )!;
    const loadsBefore = loads.length;
    await user.click(within(card).getByRole('button', { name: /التفاصيل/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /^استبدال/ }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: /^تأكيد الاستبدال/ }),
    );

    expect(await screen.findByRole('alert')).toHaveTextContent(
      errorBody('REDEMPTION_FAILED').message,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(loads).toHaveLength(loadsBefore + 1));
    expect(within(balance()).getByText('250')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(errorBody('REDEMPTION_FAILED').message);
  });

  test('every redeem button is off while a redemption runs', async () => {
    serveLoyalty(loyaltyBody({ availablePoints: 1000 }));
    let finish: () => void = () => {};
    server.use(
      http.post(REDEEM_URL, async () => {
        await new Promise<void>((resolve) => (finish = resolve));
        return HttpResponse.json(redeemBody());
      }),
    );
    const { user } = renderSignedIn();
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 20 ريال' })).closest(
      'article',
    )!;
    await user.click(within(card).getByRole('button', { name: /^استبدال/ }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /^تأكيد الاستبدال/ }));
    expect(within(dialog).getByRole('button', { name: /جارٍ الاستبدال/ })).toBeDisabled();
    expect(within(card).getByRole('button', { name: /جارٍ الاستبدال/ })).toBeDisabled();
    const other = screen.getByRole('heading', { level: 3, name: 'خصم 10%' }).closest('article')!;
    expect(within(other).getByRole('button', { name: /^استبدال/ })).toBeDisabled();
    finish();
    expect(await screen.findByText(ar['redeem.emailNote'], { selector: 'p' })).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: /^استبدال/ })).toBeEnabled();
  });

  test('a shopper known by mobile only is not told the coupon is on its way by e-mail', async () => {
    serveLoyalty(
      loyaltyBody({
        availablePoints: 1000,
        customer: {
          id: SARA.customerId,
          fullName: SARA.fullName,
          email: null,
          mobile: '+966501234567',
          avatar: null,
        },
      }),
    );
    server.use(http.post(REDEEM_URL, () => HttpResponse.json(redeemBody())));
    const { user } = renderSignedIn();
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 20 ريال' })).closest(
      'article',
    )!;
    await user.click(within(card).getByRole('button', { name: /^استبدال/ }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: /^تأكيد الاستبدال/ }),
    );
    expect(
      await screen.findByRole('heading', { level: 2, name: /خصم 20 ريال/ }),
    ).toBeInTheDocument();
    expect(screen.queryByText(ar['redeem.emailNote'])).not.toBeInTheDocument();
  });

  test('a paused programme explains why and turns every redeem button off', async () => {
    serveLoyalty(
      loyaltyBody({
        availablePoints: 5000,
        programme: { redeemable: false, reason: 'PROGRAMME_PAUSED' },
      }),
    );
    renderSignedIn();
    const notice = await screen.findByRole('region', { name: ar['redeemOff.title'] });
    expect(notice).toHaveTextContent(ar['redeemOff.PROGRAMME_PAUSED']);
    const buttons = screen.getAllByRole('button', { name: new RegExp(ar['rewards.unavailable']) });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();
  });

  test('an out-of-stock reward cannot be redeemed', async () => {
    serveLoyalty(loyaltyBody({ rewards: [reward({ available: false })] }));
    renderSignedIn();
    expect(await screen.findByRole('button', { name: /نفدت الكمية/ })).toBeDisabled();
  });

  test('the history shows the latest 5 entries until "show all"', async () => {
    serveLoyalty(
      loyaltyBody({ history: Array.from({ length: 8 }, (_, index) => historyEntry(index + 1)) }),
    );
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('tab', { name: ar['tabs.history'] }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')).toHaveLength(5);
    expect(within(panel).getByText('نقاط الطلب رقم 1001')).toBeInTheDocument();
    expect(within(panel).queryByText('نقاط الطلب رقم 1006')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'عرض السجل كاملًا (8)' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(8);
    expect(within(panel).queryByRole('button')).not.toBeInTheDocument();
  });

  test('each tab has an empty state, and the ways to earn have their icons', async () => {
    serveLoyalty(loyaltyBody({ rewards: [], history: [], pointsMethods: [] }));
    const { user } = renderSignedIn();
    expect(await screen.findByText(ar['rewards.empty'])).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: ar['tabs.earn'] }));
    expect(screen.getByText(ar['earn.empty'])).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: ar['tabs.history'] }));
    expect(screen.getByText(ar['history.empty'])).toBeInTheDocument();
  });

  test('the ways to earn show an icon per known method and a default one for others', async () => {
    serveLoyalty(
      loyaltyBody({
        pointsMethods: [
          { id: 'birthday', name: 'عيد الميلاد', points: 75, condition: '' },
          { id: 'order_review', name: 'تقييم طلب', points: 10, condition: '' },
          { id: 'repeat_purchase', name: 'تكرار الشراء', points: 100, condition: 'بعد 3 طلبات' },
          { id: 'signup', name: 'التسجيل', points: 1, condition: '' },
        ],
      }),
    );
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('tab', { name: ar['tabs.earn'] }));
    const items = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(
      items.map((item) => item.querySelector('[data-icon]')?.getAttribute('data-icon')),
    ).toEqual(['cake', 'star', 'repeat', 'userPlus']);
    expect(items[2]).toHaveTextContent('بعد 3 طلبات');
    expect(items[2]).toHaveTextContent('100 نقطة');
    expect(items[3]).toHaveTextContent('نقطة واحدة');
  });

  test('pending points show apart from the balance, with when they become spendable', async () => {
    serveLoyalty(
      loyaltyBody({
        availablePoints: 250,
        pendingPoints: 120,
        pointsRelease: { spendableOn: ['completed', 'delivered'], holdDays: 14 },
      }),
    );
    renderSignedIn();
    await screen.findByRole('region', { name: ar['balance.label'] });
    const pending = within(balance()).getByTestId('pending-points');
    expect(within(balance()).getByText('250')).toBeInTheDocument();
    expect(pending).toHaveTextContent('120 نقطة معلّقة');
    expect(pending).toHaveTextContent(
      'نقاط الطلب تصبح متاحة بعد 14 يومًا من وصوله إلى حالة «تم التنفيذ» أو «تم التوصيل».',
    );
  });

  test('pending points of a follow say so, not "your orders"; beside orders, both are said', async () => {
    const follow = 'مقابل متابعة المتجر، وتُضاف إلى نقاطك في 28 نوفمبر';
    serveLoyalty(loyaltyBody({ pendingPoints: 20, pendingFollows: { points: 20, note: follow } }));
    renderSignedIn();
    await screen.findByRole('region', { name: ar['balance.label'] });
    let pending = within(balance()).getByTestId('pending-points');
    expect(pending).toHaveTextContent(follow);
    expect(pending).not.toHaveTextContent('نقاط الطلب');
    cleanup();
    const some = 'منها 20 مقابل متابعة المتجر، تُضاف في 28 نوفمبر';
    serveLoyalty(loyaltyBody({ pendingPoints: 60, pendingFollows: { points: 20, note: some } }));
    renderSignedIn();
    await screen.findByRole('region', { name: ar['balance.label'] });
    pending = within(balance()).getByTestId('pending-points');
    expect(pending).toHaveTextContent('60 نقطة معلّقة');
    expect(pending).toHaveTextContent('نقاط الطلب تصبح متاحة عند وصوله');
    expect(pending).toHaveTextContent(some);
  });

  test('no pending points, no pending line', async () => {
    serveLoyalty(loyaltyBody({ pendingPoints: 0 }));
    renderSignedIn();
    await screen.findByRole('region', { name: ar['balance.label'] });
    expect(within(balance()).queryByTestId('pending-points')).not.toBeInTheDocument();
  });

  test('the ways to earn estimate the points of an amount the shopper types, rounded down like the engine', async () => {
    serveLoyalty(
      loyaltyBody({
        earnRates: {
          perAmount: { points: 2, spendUnit: 10, minOrderTotal: 0 },
          perOrder: { points: 20, minOrderTotal: 100 },
        },
        pointsMethods: [
          {
            id: 'purchase_amount',
            name: 'نقاط على كل ريال تنفقه',
            points: 2,
            condition: '2 نقطة لكل 10 ريال تنفقه',
          },
          { id: 'order.created', name: 'الشراء', points: 20, condition: 'للطلبات من 100 ريال' },
        ],
      }),
    );
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('tab', { name: ar['tabs.earn'] }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getAllByRole('listitem')[0]?.querySelector('[data-icon]')).toHaveAttribute(
      'data-icon',
      'coins',
    );
    const amount = within(panel).getByLabelText(ar['estimate.amount']);
    expect(amount).toHaveAttribute('inputmode', 'decimal');
    expect(amount).toHaveAttribute('dir', 'ltr');
    const result = within(panel).getByTestId('earn-estimate');
    // 99.99 SAR: floor(9999 / 1000) × 2 = 18; below the order rule's 100 SAR.
    await user.type(amount, '99.99');
    expect(result).toHaveTextContent('ستكسب 18 نقطة');
    // 250 SAR: 25 × 2 = 50, plus 20 for the order.
    await user.clear(amount);
    await user.type(amount, '٢٥٠');
    expect(result).toHaveTextContent('ستكسب 70 نقطة');
    await user.clear(amount);
    await user.type(amount, '5');
    expect(result).toHaveTextContent(ar['estimate.none']);
    await user.clear(amount);
    await user.type(amount, 'abc');
    expect(result).toHaveTextContent('');
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(within(panel).getByText(ar['estimate.invalid'])).toBeInTheDocument();
  });

  test('without order rules there is no estimate', async () => {
    serveLoyalty(
      loyaltyBody({
        earnRates: { perAmount: null, perOrder: null },
        pointsMethods: [{ id: 'signup', name: 'التسجيل', points: 30, condition: '' }],
      }),
    );
    const { user } = renderSignedIn();
    await user.click(await screen.findByRole('tab', { name: ar['tabs.earn'] }));
    expect(screen.queryByLabelText(ar['estimate.amount'])).not.toBeInTheDocument();
  });

  test('arrow keys move between tabs the way the text reads (Arabic: left is next)', async () => {
    serveLoyalty();
    const { user } = renderSignedIn();
    const rewards = await screen.findByRole('tab', { name: ar['tabs.rewards'] });
    await user.click(rewards);
    await user.keyboard('{ArrowLeft}');
    const earn = screen.getByRole('tab', { name: ar['tabs.earn'] });
    expect(earn).toHaveFocus();
    expect(earn).toHaveAttribute('aria-selected', 'true');
    expect(earn).toHaveAttribute('tabindex', '0');
    expect(rewards).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: ar['tabs.history'] })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(rewards).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: ar['tabs.history'] })).toHaveFocus();
  });

  test('Escape closes the details dialog and gives focus back to its button', async () => {
    serveLoyalty();
    const { user } = renderSignedIn();
    const details = (await screen.findAllByRole('button', { name: /التفاصيل/ }))[1]!;
    await user.click(details);
    const dialog = screen.getByRole('dialog', { name: 'خصم 10%' });
    expect(within(dialog).getByText(ar['rewards.noDescription'])).toBeInTheDocument();
    // jsdom does not turn Escape into the dialog's cancel event; browsers do.
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(details).toHaveFocus();
  });

  test('logging out revokes the token, tells the store and shows the sign-in', async () => {
    serveLoyalty();
    const revoked: Array<string | null> = [];
    server.use(
      http.post('/api/customers/auth/logout', ({ request }) => {
        revoked.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user, parent } = renderSignedIn();
    await user.click(await screen.findByRole('button', { name: ar['profile.logout'] }));

    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'nuqat:logout', merchantId: MERCHANT },
      STORE_ORIGIN,
    );
    // Still signed in to the store: the e-mail is offered again.
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue(SARA.email);
    await waitFor(() => expect(revoked).toEqual([`Bearer ${SARA.token}`]));
  });

  test('in the store the panel has one title bar: the page shows its own only when opened alone', async () => {
    const { unmount } = renderPage({ framed: true });
    expect(await screen.findByLabelText(ar['signIn.email'])).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: ar['page.title'] })).toHaveClass(
      'sr-only',
    );
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    unmount();
    renderPage();
    expect(await screen.findByLabelText(ar['signIn.email'])).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: ar['page.title'] })).not.toHaveClass(
      'sr-only',
    );
  });

  test('refresh loads the data again and keeps the screen meanwhile', async () => {
    const loads = serveLoyalty();
    const { user } = renderSignedIn();
    await screen.findByRole('heading', { name: SARA.fullName });
    const loadsBefore = loads.length;
    let answer: () => void = () => {};
    server.use(
      http.get(LOYALTY_URL, async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(loyaltyBody({ availablePoints: 400 }));
      }),
    );
    const refresh = screen.getByRole('button', { name: ar['profile.refresh'] });
    await user.click(refresh);
    expect(refresh).toBeDisabled();
    expect(within(balance()).getByText('250')).toBeInTheDocument();
    answer();
    expect(await within(balance()).findByText('400')).toBeInTheDocument();
    expect(refresh).toBeEnabled();
    expect(loads).toHaveLength(loadsBefore);
  });

  test('in English the page is left to right, in English, and asks the API in English', async () => {
    const loads = serveLoyalty();
    const { user } = renderSignedIn({ search: `?merchantId=${MERCHANT_ID}&lang=en` });
    expect(document.documentElement).toHaveAttribute('lang', 'en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.title).toBe(en['page.documentTitle']);
    const card = await screen.findByRole('region', { name: en['balance.label'] });
    expect(within(card).getByText('points')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: en['page.title'] })).toBeInTheDocument();
    expect(screen.getByText('200 points')).toBeInTheDocument();
    expect(loads.at(-1)?.headers.get('accept-language')).toBe('en');
    expect(new URL(loads.at(-1)!.url).searchParams.get('lang')).toBe('en');
    // In English, ArrowRight is next.
    await user.click(screen.getByRole('tab', { name: en['tabs.rewards'] }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: en['tabs.earn'] })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.type(screen.getByLabelText(en['estimate.amount']), '120');
    expect(screen.getByTestId('earn-estimate')).toHaveTextContent("You'll earn 50 points");
  });
});
