import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import { server } from '../../testing/server';
import { ar } from '../locales/ar';
import { en } from '../locales/en';
import { LOYALTY_URL, MERCHANT_ID, coupon, historyEntry, loyaltyBody } from '../testing/fixtures';
import { renderSignedIn } from '../testing/render-page';

// Decision 027: orders cancelled after their points were spent leave points owed; the coupon
// bought with them may be withdrawn. The page says both, in Arabic and in English.

afterEach(() => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

function serve(body: unknown) {
  server.use(http.get(LOYALTY_URL, () => HttpResponse.json(body as Record<string, unknown>)));
}

const owing = () =>
  loyaltyBody({
    availablePoints: 0,
    pointsOwed: 130,
    coupons: [
      coupon({ status: 'cancelled', cancelReason: 'clawback' }),
      coupon({
        id: '5e1d0c3b-0000-4000-8000-00000000c002',
        status: 'cancelled',
        cancelReason: 'merchant',
        code: 'NQT-2222-3333',
      }),
    ],
    history: [
      historyEntry(1, {
        description: 'خصم نقاط الطلب #40001 بعد إلغائه أو استرجاعه، وبقي عليك 70 نقطة',
        points: 0,
        owed: 70,
        type: 'redeemed',
        kind: 'clawback',
      }),
      historyEntry(2, {
        description: 'سداد نقاط مستحقة عليك من طلبات أُلغيت',
        points: -60,
        owed: -60,
        type: 'redeemed',
        kind: 'clawback',
      }),
    ],
  });

describe('points owed on the loyalty page', () => {
  test('in Arabic: the balance card says what is owed and why; a withdrawn coupon says so; the history shows what was left owed', async () => {
    serve(owing());
    const { user } = renderSignedIn();
    const card = await screen.findByRole('region', { name: ar['balance.label'] });
    const owed = within(card).getByTestId('points-owed');
    expect(owed).toHaveTextContent('عليك 130 نقطة');
    expect(owed).toHaveTextContent(ar['balance.owedHint']);

    const coupons = screen.getByRole('region', { name: ar['coupons.title'] });
    expect(within(coupons).getByText(ar['coupons.status.withdrawn'])).toBeInTheDocument();
    expect(within(coupons).getByText(ar['coupons.status.cancelled'])).toBeInTheDocument();
    // A cancelled coupon's code no longer works: nothing invites copying it.
    expect(within(coupons).queryByRole('button', { name: /نسخ/ })).toBeNull();
    expect(within(coupons).queryByText(/صالح حتى/)).toBeNull();

    await user.click(screen.getByRole('tab', { name: ar['tabs.history'] }));
    const [left, repaid] = within(screen.getByRole('tabpanel')).getAllByRole('listitem');
    expect(left).toHaveTextContent(`70 ${ar['history.owed']}`);
    expect(left).not.toHaveTextContent('+0');
    expect(repaid).toHaveTextContent('−60');
    // A screen reader hears a refund's deduction as a refund, not as "redeemed" (issue 27).
    for (const entry of [left, repaid]) {
      expect(entry).toHaveTextContent(ar['history.refund']);
      expect(entry).not.toHaveTextContent(ar['history.redeemed']);
    }
  });

  test('in English, one point owed reads in the singular', async () => {
    serve(loyaltyBody({ availablePoints: 0, pointsOwed: 1 }));
    renderSignedIn({ search: `?merchantId=${MERCHANT_ID}&lang=en` });
    const card = await screen.findByRole('region', { name: en['balance.label'] });
    const owed = within(card).getByTestId('points-owed');
    expect(owed).toHaveTextContent('You owe 1 point');
    expect(owed).toHaveTextContent(en['balance.owedHint']);
  });

  test('nothing owed, no line about it', async () => {
    serve(loyaltyBody());
    renderSignedIn();
    const card = await screen.findByRole('region', { name: ar['balance.label'] });
    expect(within(card).queryByTestId('points-owed')).not.toBeInTheDocument();
  });
});
