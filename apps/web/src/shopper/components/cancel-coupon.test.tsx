import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { server } from '../../testing/server';
import { en } from '../locales/en';
import { LOYALTY_URL, MERCHANT_ID, coupon, loyaltyBody } from '../testing/fixtures';
import { renderSignedIn } from '../testing/render-page';

// Issue 23: an unused reward coupon can be cancelled from the page within a short window, its
// points coming back; the page asks once, then says what happened.

const CANCEL_URL = `/api/customers/loyalty/${MERCHANT_ID}/:customerId/coupons/:couponId/cancel`;
const EN = `?merchantId=${MERCHANT_ID}&lang=en`;
const inWindow = () => new Date(Date.now() + 20 * 60_000).toISOString();

afterEach(() => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

function serve(coupons: ReturnType<typeof coupon>[], availablePoints = 150) {
  const body = loyaltyBody({ availablePoints, coupons });
  server.use(http.get(LOYALTY_URL, () => HttpResponse.json(body as Record<string, unknown>)));
}

async function couponsRegion() {
  return screen.findByRole('region', { name: en['coupons.title'] });
}

describe('cancelling a coupon from the loyalty page', () => {
  test('offered only on an unused reward coupon within its window', async () => {
    serve([
      coupon({ cancellableUntil: inWindow() }),
      coupon({
        id: '5e1d0c3b-0000-4000-8000-00000000c002',
        code: 'NQT-PAST',
        cancellableUntil: null,
      }),
      coupon({
        id: '5e1d0c3b-0000-4000-8000-00000000c003',
        code: 'NQT-USED',
        status: 'used',
        cancellableUntil: inWindow(),
      }),
      coupon({
        id: '5e1d0c3b-0000-4000-8000-00000000c004',
        code: 'NQF-GIFT',
        source: 'referral',
        rewardId: null,
        pointsRequired: 0,
        cancellableUntil: inWindow(),
      }),
    ]);
    renderSignedIn({ search: EN });
    const region = await couponsRegion();
    expect(within(region).getAllByRole('button', { name: en['coupons.cancel'] })).toHaveLength(1);
  });

  test('asks once with the points that come back; "Keep it" cancels nothing', async () => {
    let calls = 0;
    server.use(http.post(CANCEL_URL, () => (calls++, HttpResponse.json({}))));
    serve([coupon({ cancellableUntil: inWindow() })]);
    const { user } = renderSignedIn({ search: EN });
    const region = await couponsRegion();
    await user.click(within(region).getByRole('button', { name: en['coupons.cancel'] }));
    expect(
      within(region).getByText('Cancel this coupon? 200 points come back to your balance.'),
    ).toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: en['coupons.cancelNo'] }));
    expect(within(region).getByRole('button', { name: en['coupons.cancel'] })).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test('confirmed: the API is asked for that coupon, the points are back and the coupon reads cancelled', async () => {
    const issued = coupon({ cancellableUntil: inWindow() });
    const cancelled = {
      ...issued,
      status: 'cancelled',
      cancelReason: 'shopper',
      cancellableUntil: null,
    };
    const asked: string[] = [];
    let done = false;
    server.use(
      // The reload after the cancel sees the server's state.
      http.get(LOYALTY_URL, () =>
        HttpResponse.json(
          loyaltyBody(
            done
              ? { availablePoints: 350, coupons: [cancelled as typeof issued] }
              : { availablePoints: 150, coupons: [issued] },
          ) as Record<string, unknown>,
        ),
      ),
      http.post(CANCEL_URL, ({ params, request }) => {
        asked.push(`${String(params.couponId)} ${request.headers.get('authorization') ?? ''}`);
        done = true;
        return HttpResponse.json({ success: true, data: cancelled });
      }),
    );
    const { user } = renderSignedIn({ search: EN });
    const region = await couponsRegion();
    await user.click(within(region).getByRole('button', { name: en['coupons.cancel'] }));
    await user.click(within(region).getByRole('button', { name: en['coupons.cancelYes'] }));
    expect(
      await within(region).findByText('Coupon cancelled: 200 points are back in your balance.'),
    ).toBeInTheDocument();
    expect(asked).toEqual([expect.stringMatching(new RegExp(`^${issued.id} Bearer .+`))]);
    // The coupon reads cancelled by the shopper, the action gone; the balance has the points.
    await waitFor(() => {
      const now = screen.getByRole('region', { name: en['coupons.title'] });
      expect(now).toHaveTextContent(en['coupons.status.cancelledByYou']);
      expect(within(now).queryByRole('button', { name: en['coupons.cancel'] })).toBeNull();
      expect(screen.getByRole('region', { name: en['balance.label'] })).toHaveTextContent('350');
    });
  });

  test("refused: the API's message is shown and the coupon stays", async () => {
    const message =
      'The time to cancel this coupon has passed. It stays yours to use, and its points stay redeemed.';
    serve([coupon({ cancellableUntil: inWindow() })]);
    server.use(
      http.post(CANCEL_URL, () =>
        HttpResponse.json(
          { success: false, code: 'COUPON_CANCEL_WINDOW_PASSED', message },
          { status: 409 },
        ),
      ),
    );
    const { user } = renderSignedIn({ search: EN });
    const region = await couponsRegion();
    await user.click(within(region).getByRole('button', { name: en['coupons.cancel'] }));
    await user.click(within(region).getByRole('button', { name: en['coupons.cancelYes'] }));
    expect(await within(region).findByText(message)).toBeInTheDocument();
    expect(within(region).getByText(en['coupons.status.issued'])).toBeInTheDocument();
    expect(screen.getByRole('region', { name: en['balance.label'] })).toHaveTextContent('150');
  });

  test('nothing answers: a message of our own', async () => {
    serve([coupon({ cancellableUntil: inWindow() })]);
    server.use(http.post(CANCEL_URL, () => HttpResponse.error()));
    const { user } = renderSignedIn({ search: EN });
    const region = await couponsRegion();
    await user.click(within(region).getByRole('button', { name: en['coupons.cancel'] }));
    await user.click(within(region).getByRole('button', { name: en['coupons.cancelYes'] }));
    expect(await within(region).findByText(en['errors.network'])).toBeInTheDocument();
  });
});
