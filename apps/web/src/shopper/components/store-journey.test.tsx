import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { server } from '../../testing/server';
import { formatCurrency } from '../lib/format';
import { ar } from '../locales/ar';
import { en } from '../locales/en';
import {
  LOYALTY_URL,
  MERCHANT_ID,
  REDEEM_URL,
  SARA,
  SARA_IN_STORE,
  codeSentBody,
  coupon,
  loyaltyBody,
  redeemBody,
  sessionBody,
  CODE_REQUEST_ID,
} from '../testing/fixtures';
import { renderPage, renderSignedIn, storeAnswer } from '../testing/render-page';

/*
 * Issue 23 on the loyalty page: a visitor is welcomed with the programme and the store's own
 * sign-in, a shopper signs in with a code that sends itself, redeeming asks once, and a coupon
 * goes into the store's cart with one tap.
 */

const MERCHANT = Number(MERCHANT_ID);

afterEach(() => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
  // The shopper token never lands in the page's own storage.
  expect(window.localStorage.length).toBe(0);
});

function serveLoyalty(body: unknown = loyaltyBody()) {
  server.use(http.get(LOYALTY_URL, () => HttpResponse.json(body as Record<string, unknown>)));
}

/** The code login's two calls, each recorded. */
function serveCodeLogin() {
  const requests: Array<{ path: string; body: unknown }> = [];
  server.use(
    http.post('/api/customers/auth/request-code', async ({ request }) => {
      requests.push({ path: 'request-code', body: await request.json() });
      return HttpResponse.json(codeSentBody());
    }),
    http.post('/api/customers/auth/verify-code', async ({ request }) => {
      requests.push({ path: 'verify-code', body: await request.json() });
      return HttpResponse.json(sessionBody());
    }),
  );
  return requests;
}

describe('a visitor of the store', () => {
  test('sees the programme — rewards, ways to earn, tiers, the referral gift — and the store’s sign-in', async () => {
    const requests = serveCodeLogin();
    serveLoyalty();
    const { user, sendFromStore, posted } = renderPage({ framed: true });
    sendFromStore(storeAnswer({ customer: null, session: null, login: true }));

    const welcome = await screen.findByRole('region', { name: ar['welcome.title'] });
    const programme = await screen.findByRole('group', { name: ar['programme.label'] });
    const rewards = within(programme).getByRole('region', { name: ar['programme.rewards'] });
    expect(within(rewards).getByRole('heading', { name: 'خصم 20 ريال' })).toBeInTheDocument();
    expect(within(rewards).getByText('200 نقطة')).toBeInTheDocument();
    const earn = within(programme).getByRole('region', { name: ar['programme.earn'] });
    expect(within(earn).getAllByRole('listitem')).toHaveLength(4);
    const tiers = within(programme).getByRole('region', { name: ar['programme.tiers'] });
    expect(within(tiers).getByText('فضي')).toBeInTheDocument();
    expect(within(tiers).getByText('ذهبي')).toBeInTheDocument();
    const referral = within(programme).getByRole('region', { name: ar['referral.title'] });
    expect(referral.textContent).toContain(formatCurrency(30, 'ar'));
    // Nothing of a shopper's: no balance, no coupons.
    expect(screen.queryByRole('region', { name: ar['balance.label'] })).toBeNull();

    await user.click(within(welcome).getByRole('button', { name: ar['welcome.signIn'] }));
    expect(posted()).toContainEqual({ type: 'nuqat:open-login', merchantId: MERCHANT });

    // The store's sign-in worked: the page goes on to the code, sent by itself, e-mail filled in.
    sendFromStore({
      type: 'nuqat:customer-login',
      merchantId: MERCHANT,
      customer: SARA_IN_STORE,
      signIn: true,
    });
    const code = await screen.findByLabelText(ar['signIn.code']);
    expect(screen.getByText(SARA.email)).toHaveAttribute('dir', 'ltr');
    expect(requests).toEqual([
      { path: 'request-code', body: { merchantId: MERCHANT_ID, email: SARA.email, lang: 'ar' } },
    ]);
    // Pasted from the e-mail, words and spaces included: it signs in at once.
    await user.click(code);
    await user.paste('رمزك: 123 456');
    expect(await screen.findByRole('region', { name: ar['balance.label'] })).toBeInTheDocument();
    expect(requests[1]).toEqual({
      path: 'verify-code',
      body: {
        merchantId: MERCHANT_ID,
        email: SARA.email,
        code: '123456',
        requestId: CODE_REQUEST_ID,
      },
    });
  });

  test('may use the e-mail code instead, and gets it at once where the store has no sign-in', async () => {
    const first = renderPage({ framed: true });
    first.sendFromStore(storeAnswer({ customer: null, session: null, login: true }));
    await first.user.click(await screen.findByRole('button', { name: ar['welcome.useCode'] }));
    expect(screen.getByLabelText(ar['signIn.email'])).toHaveValue('');
    first.unmount();

    const second = renderPage({ framed: true });
    second.sendFromStore(storeAnswer({ customer: null, session: null, login: false }));
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue('');
    expect(screen.queryByRole('button', { name: ar['welcome.signIn'] })).toBeNull();
  });

  test('a shopper the store knows, without a token yet, is asked for the code step — nothing is sent by itself', async () => {
    const requests = serveCodeLogin();
    const { sendFromStore } = renderPage({ framed: true });
    sendFromStore(storeAnswer({ session: null }));
    expect(await screen.findByLabelText(ar['signIn.email'])).toHaveValue(SARA.email);
    expect(screen.getByText(ar['welcome.storeSignedIn'])).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  test('a programme that fails to load leaves the sign-in working', async () => {
    const { sendFromStore } = renderPage({ framed: true, programme: 503 });
    sendFromStore(storeAnswer({ customer: null, session: null }));
    expect(await screen.findByLabelText(ar['signIn.email'])).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('group', { name: ar['programme.label'] })).toBeNull();
  });
});

describe('redeeming and the cart', () => {
  test('a reward out of reach says how many points to go, with a bar of the way done', async () => {
    serveLoyalty();
    renderSignedIn();
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 10%' })).closest(
      'article',
    )!;
    expect(within(card).getByText('باقي 100 نقطة')).toBeInTheDocument();
    const bar = within(card).getByRole('progressbar', { name: 'تقدّمك نحو «خصم 10%»' });
    expect(bar).toHaveAttribute('aria-valuenow', '250');
    expect(bar).toHaveAttribute('aria-valuemax', '350');
    // One the balance covers has no bar.
    const affordable = screen
      .getByRole('heading', { level: 3, name: 'خصم 20 ريال' })
      .closest('article')!;
    expect(within(affordable).queryByRole('progressbar')).toBeNull();
  });

  test('redeeming asks once what is spent and what comes back; cancelling spends nothing', async () => {
    serveLoyalty();
    const redeemed: unknown[] = [];
    server.use(
      http.post(REDEEM_URL, async ({ request }) => {
        redeemed.push(await request.json());
        return HttpResponse.json(redeemBody());
      }),
    );
    const { user } = renderSignedIn({ search: `?merchantId=${MERCHANT_ID}&lang=en` });
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 20 ريال' })).closest(
      'article',
    )!;
    await user.click(within(card).getByRole('button', { name: /^Redeem/ }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName(/Confirm your reward/);
    expect(dialog).toHaveAccessibleDescription(
      `200 points for a ${formatCurrency(20, 'en')} coupon 50 points stay in your balance`,
    );
    await user.click(within(dialog).getByRole('button', { name: en['rewards.cancel'] }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(redeemed).toEqual([]);
    expect(within(card).getByRole('button', { name: /^Redeem/ })).toHaveFocus();
  });

  test('after a redemption one tap puts the coupon in the cart, and the cart’s answer shows', async () => {
    serveLoyalty();
    server.use(http.post(REDEEM_URL, () => HttpResponse.json(redeemBody())));
    const { user, posted, sendFromStore } = renderSignedIn({ answer: { cart: true } });
    const card = (await screen.findByRole('heading', { level: 3, name: 'خصم 20 ريال' })).closest(
      'article',
    )!;
    await user.click(within(card).getByRole('button', { name: /^استبدال/ }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: /^تأكيد الاستبدال/ }),
    );
    const apply = (
      await screen.findAllByRole('button', { name: 'تطبيق الكوبون NQT-7K2M-9QX4 على سلتي' })
    )[0]!;
    // The balance went to the launcher too.
    expect(posted()).toContainEqual(expect.objectContaining({ type: 'nuqat:session', points: 50 }));
    await user.click(apply);
    expect(posted()).toContainEqual({
      type: 'nuqat:apply-coupon',
      merchantId: MERCHANT,
      code: 'NQT-7K2M-9QX4',
    });
    expect(apply).toBeDisabled();
    expect(apply).toHaveTextContent(ar['cart.applying']);
    sendFromStore({
      type: 'nuqat:coupon-result',
      merchantId: MERCHANT,
      code: 'NQT-7K2M-9QX4',
      outcome: 'applied',
      message: null,
    });
    expect((await screen.findAllByText(ar['cart.applied']))[0]).toBeInTheDocument();
    expect(apply).toBeEnabled();
  });

  test('a coupon the cart refuses shows the cart’s reason and what to do', async () => {
    serveLoyalty(loyaltyBody({ coupons: [coupon({ minOrderAmount: 100 })] }));
    const { user, sendFromStore } = renderSignedIn({ answer: { cart: true } });
    const coupons = await screen.findByRole('region', { name: ar['coupons.title'] });
    await user.click(
      within(coupons).getByRole('button', { name: 'تطبيق الكوبون NQT-7K2M-9QX4 على سلتي' }),
    );
    sendFromStore({
      type: 'nuqat:coupon-result',
      merchantId: MERCHANT,
      code: 'NQT-7K2M-9QX4',
      outcome: 'refused',
      message: 'الحد الأدنى لقيمة الطلب 100 ر.س',
    });
    const status = await within(coupons).findByText(/لم تقبل السلة هذا الكوبون/);
    expect(status).toHaveTextContent('الحد الأدنى لقيمة الطلب 100 ر.س');
    expect(coupons.textContent).toContain(
      `يحتاج هذا الكوبون إلى طلب بقيمة ${formatCurrency(100, 'ar')} فأكثر: أضف منتجات إلى سلتك ثم اضغط «تطبيق على سلتي» مجددًا.`,
    );

    // A result for another code, or from another window, changes nothing.
    sendFromStore(
      {
        type: 'nuqat:coupon-result',
        merchantId: MERCHANT,
        code: 'NQT-7K2M-9QX4',
        outcome: 'applied',
        message: null,
      },
      undefined,
      window,
    );
    expect(within(coupons).queryByText(ar['cart.applied'])).toBeNull();
  });

  test('where the store page has no cart, the coupon says how to use its code', async () => {
    serveLoyalty(loyaltyBody({ coupons: [coupon()] }));
    renderSignedIn({ answer: { cart: false } });
    const coupons = await screen.findByRole('region', { name: ar['coupons.title'] });
    expect(within(coupons).queryByRole('button', { name: /سلتي/ })).toBeNull();
    expect(within(coupons).getByText(ar['cart.manual'])).toBeInTheDocument();
    expect(
      within(coupons).getByRole('button', { name: 'نسخ رمز الكوبون NQT-7K2M-9QX4' }),
    ).toBeInTheDocument();
  });

  test('referral coupons are among my coupons, newest first, with where they came from', async () => {
    serveLoyalty(
      loyaltyBody({
        coupons: [
          coupon({ createdAt: '2026-11-01T10:00:00.000Z' }),
          coupon({
            id: '5e1d0c3b-0000-4000-8000-00000000c777',
            source: 'referral',
            rewardId: null,
            name: 'مكافأة دعوة صديق',
            pointsRequired: 0,
            code: 'NQR-ABCDEFGHJK',
            minOrderAmount: 0,
            createdAt: '2026-11-20T10:00:00.000Z',
          }),
        ],
      }),
    );
    renderSignedIn({ answer: { cart: true } });
    const coupons = await screen.findByRole('region', { name: ar['coupons.title'] });
    const items = within(coupons).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('مكافأة دعوة صديق');
    expect(items[0]).toHaveTextContent(ar['coupons.fromReferral']);
    expect(
      within(items[0]!).getByRole('button', { name: 'تطبيق الكوبون NQR-ABCDEFGHJK على سلتي' }),
    ).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent(ar['coupons.fromReferral']);
  });

  test('a cart that never answers leaves the page saying so', async () => {
    serveLoyalty(loyaltyBody({ coupons: [coupon()] }));
    const { user } = renderSignedIn({ answer: { cart: true } });
    const coupons = await screen.findByRole('region', { name: ar['coupons.title'] });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await user.click(within(coupons).getByRole('button', { name: /على سلتي/ }));
      await vi.advanceTimersByTimeAsync(25_000);
      await waitFor(() =>
        expect(within(coupons).getByText(ar['cart.unavailable'])).toBeInTheDocument(),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
