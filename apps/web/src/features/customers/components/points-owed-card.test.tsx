import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  CustomerAccountResponseSchema,
  CustomerLedgerResponseSchema,
  ForgiveDebtBodySchema,
  ForgiveDebtResponseSchema,
  type CustomerAccount,
  type CustomerSummary,
  type LedgerEntry,
} from '@nuqat/contracts';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { errorBody, signIn, storeInfoBody } from '../../../testing/mocks';

// Decision 027: a customer who owes points after orders were cancelled once their points were
// spent; the coupon bought with them was withdrawn. Every mock goes through the contract schema.

const SARA: CustomerSummary = {
  id: '1001',
  name: 'سارة العتيبي',
  email: 'sara@example.com',
  mobile: null,
  balance: 0,
  pointsOwed: 130,
  pendingPoints: 0,
  lifetimeEarned: 210,
  lifetimeRedeemed: 0,
  orders: 0,
  spend: 0,
  lastOrderAt: null,
  joinedAt: '2026-10-01T09:00:00.000Z',
  erasedAt: null,
  tier: null,
};

const ENTRIES: LedgerEntry[] = [
  {
    id: '12',
    at: '2026-11-10T09:00:00.000Z',
    points: 0,
    kind: 'clawback',
    cause: 'refund',
    orderId: '555',
    orderReference: '40000016',
    couponId: null,
    shortfall: 70,
    owed: 40,
    forgiven: 30,
    expiresAt: null,
    note: null,
    adjustedBy: null,
  },
  {
    id: '11',
    at: '2026-11-09T09:00:00.000Z',
    points: 200,
    kind: 'redeem_rollback',
    cause: 'coupon_withdrawn',
    orderId: null,
    orderReference: null,
    couponId: '5e1d0c3b-0000-4000-8000-00000000c001',
    shortfall: 0,
    owed: 0,
    forgiven: 0,
    expiresAt: null,
    note: 'خصم 20 ريال',
    adjustedBy: null,
  },
];

function account(overrides: Partial<CustomerAccount> = {}): CustomerAccount {
  return {
    customer: SARA,
    expiring: [],
    coupons: [
      {
        id: '5e1d0c3b-0000-4000-8000-00000000c001',
        code: 'NQ-7K2M9QX4AB',
        status: 'cancelled',
        points: 200,
        rewardName: 'خصم 20 ريال',
        createdAt: '2026-11-01T09:00:00.000Z',
        expiresAt: '2026-12-01T09:00:00.000Z',
        usedAt: null,
        usedOrderId: null,
        cancelledAt: '2026-11-09T09:00:00.000Z',
        cancelReason: 'clawback',
      },
    ],
    orders: [],
    tierChanges: [],
    pointsForgiven: 30,
    couponRecovery: { status: 'pending', nextAttemptAt: '2026-11-10T09:05:00.000Z' },
    ...overrides,
  };
}

function answer(first: CustomerAccount, forgiven: unknown[], fail = false) {
  let current = first;
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/customers/1001', () =>
      HttpResponse.json(CustomerAccountResponseSchema.parse({ success: true, data: current })),
    ),
    http.get('/api/merchants/customers/1001/ledger', () =>
      HttpResponse.json(
        CustomerLedgerResponseSchema.parse({
          success: true,
          data: { items: ENTRIES, nextCursor: null },
        }),
      ),
    ),
    http.post('/api/merchants/customers/1001/forgive-debt', async ({ request }) => {
      forgiven.push(ForgiveDebtBodySchema.parse(await request.json()));
      if (fail) return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
      current = account({
        customer: { ...SARA, pointsOwed: 0 },
        pointsForgiven: 160,
        couponRecovery: null,
      });
      return HttpResponse.json(
        ForgiveDebtResponseSchema.parse({
          success: true,
          data: { forgiven: 130, customer: current.customer },
        }),
      );
    }),
  );
}

describe('points owed on the customer account', () => {
  test('in Arabic: what is owed, the coupons being withdrawn, what was forgiven; the merchant forgives it', async () => {
    signIn();
    const forgiven: unknown[] = [];
    answer(account(), forgiven);
    const { user } = renderApp('/customers/1001');
    const card = await screen.findByTestId('points-owed');
    expect(within(card).getByRole('heading', { name: 'النقاط المستحقة' })).toBeInTheDocument();
    expect(card).toHaveTextContent('على العميل 130 نقطة من طلبات أُلغيت أو استُردّت');
    expect(within(card).getByRole('status')).toHaveTextContent(
      'تعذّر سحب كوبونات العميل غير المستخدمة من سلة، وستُعاد المحاولة في',
    );
    expect(card).toHaveTextContent('تُجووز حتى الآن عن 30 نقطة أُلغيت بعد استبدالها.');
    expect(screen.getByTestId('account-owed')).toHaveTextContent('130');

    // The history says which part was owed and which forgiven; the coupon reads withdrawn.
    const rows = await screen.findAllByTestId('ledger-row');
    expect(rows[0]).toHaveTextContent('بقيت 40 نقطة مستحقة على العميل تُخصم من نقاطه القادمة');
    expect(rows[0]).toHaveTextContent('تُجووز عن 30 نقطة');
    expect(rows[1]).toHaveTextContent('سُحب الكوبون لإلغاء طلبات: عادت النقاط');
    expect(screen.getByTestId('account-coupon')).toHaveTextContent('سُحب لإلغاء طلبات');

    await user.click(within(card).getByRole('button', { name: 'التجاوز عن النقاط المستحقة' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'التجاوز عن 130 نقطة مستحقة؟',
    });
    await user.click(within(dialog).getByRole('button', { name: 'تجاوز' }));
    expect(await screen.findByText('تجاوزتَ عن 130 نقطة مستحقة.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('points-owed')).toHaveTextContent(
        'لا نقاط مستحقة على هذا العميل الآن.',
      ),
    );
    expect(screen.queryByTestId('account-owed')).not.toBeInTheDocument();
    expect(forgiven).toHaveLength(1);
  });

  test('in English; a failed forgive keeps the dialog open with the error, and a retry sends the same key', async () => {
    signIn();
    await i18n.changeLanguage('en');
    const forgiven: { idempotencyKey: string }[] = [];
    answer(
      account({ couponRecovery: { status: 'failed', nextAttemptAt: null }, pointsForgiven: 0 }),
      forgiven,
      true,
    );
    const { user } = renderApp('/customers/1001');
    const card = await screen.findByTestId('points-owed');
    expect(card).toHaveTextContent('This customer owes 130 points from orders cancelled');
    expect(card).toHaveTextContent(
      "Salla did not let us withdraw this customer's unused coupons after several tries",
    );
    expect(card).not.toHaveTextContent('forgiven so far');
    await user.click(within(card).getByRole('button', { name: 'Forgive the points owed' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Forgive 130 points owed?' });
    await user.click(within(dialog).getByRole('button', { name: 'Forgive' }));
    expect(
      await within(dialog).findByText('Failed to forgive the points owed'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Forgive' }));
    await waitFor(() => expect(forgiven).toHaveLength(2));
    expect(forgiven[1]!.idempotencyKey).toBe(forgiven[0]!.idempotencyKey);
  });

  test('a customer who never owed anything has no such card', async () => {
    signIn();
    answer(
      account({
        customer: { ...SARA, pointsOwed: 0, balance: 40 },
        pointsForgiven: 0,
        couponRecovery: null,
        coupons: [],
      }),
      [],
    );
    renderApp('/customers/1001');
    await screen.findByTestId('account-balance');
    expect(screen.queryByTestId('points-owed')).not.toBeInTheDocument();
  });
});
