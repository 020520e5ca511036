import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  AdjustPointsBodySchema,
  AdjustmentResponseSchema,
  CustomerAccountResponseSchema,
  CustomerLedgerResponseSchema,
  CustomersResponseSchema,
  ImportResponseSchema,
  type CustomerAccount,
  type CustomerSummary,
  type Tier,
  type TierChange,
} from '@nuqat/contracts';
import { formatCurrency } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';
import { errorBody, signIn, storeInfoBody, tier, tiersBody } from '../../../testing/mocks';

// Every mocked body goes through the contract schema, so a mock cannot drift from the API.
function shopper(overrides: Partial<CustomerSummary> = {}): CustomerSummary {
  return {
    id: '1001',
    name: 'سارة العتيبي',
    email: 'sara@example.com',
    mobile: '+966500000001',
    balance: 120,
    pointsOwed: 0,
    pendingPoints: 30,
    lifetimeEarned: 200,
    lifetimeRedeemed: 80,
    orders: 3,
    spend: 509,
    lastOrderAt: '2026-11-09T09:00:00.000Z',
    joinedAt: '2026-10-01T09:00:00.000Z',
    erasedAt: null,
    tier: null,
    ...overrides,
  };
}

function answerList(pages: CustomerSummary[][], seen: URLSearchParams[] = [], tiers: Tier[] = []) {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/tiers', () => HttpResponse.json(tiersBody({ enabled: true, tiers }))),
    http.get('/api/merchants/customers', ({ request }) => {
      const params = new URL(request.url).searchParams;
      seen.push(params);
      const index = params.get('cursor') ? Number(params.get('cursor')) : 0;
      return HttpResponse.json(
        CustomersResponseSchema.parse({
          success: true,
          data: {
            items: pages[index] ?? [],
            nextCursor: index + 1 < pages.length ? String(index + 1) : null,
          },
        }),
      );
    }),
  );
  return seen;
}

function answerAccount(
  customer = shopper(),
  tierChanges: TierChange[] = [],
  orders: CustomerAccount['orders'] = [],
) {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get(`/api/merchants/customers/${customer.id}`, () =>
      HttpResponse.json(
        CustomerAccountResponseSchema.parse({
          success: true,
          data: {
            customer,
            expiring: [{ points: 50, expiresAt: '2027-01-01T00:00:00.000Z' }],
            coupons: [],
            orders,
            tierChanges,
            pointsForgiven: 0,
            couponRecovery: null,
          },
        }),
      ),
    ),
    http.get(`/api/merchants/customers/${customer.id}/ledger`, () =>
      HttpResponse.json(
        CustomerLedgerResponseSchema.parse({
          success: true,
          data: {
            items: [
              {
                id: '9',
                at: '2026-11-09T09:00:00.000Z',
                points: 50,
                kind: 'earn',
                cause: 'order',
                orderId: '555',
                orderReference: '40000016',
                couponId: null,
                shortfall: 0,
                owed: 0,
                forgiven: 0,
                expiresAt: null,
                note: null,
                adjustedBy: null,
              },
            ],
            nextCursor: null,
          },
        }),
      ),
    ),
  );
}

describe('the customers list', () => {
  test('rows with their figures; search, sort and filters reach the API; load more by cursor', async () => {
    signIn();
    const seen = answerList([[shopper()], [shopper({ id: '1002', name: 'Lama' })]]);
    const { user } = renderApp('/customers');
    const table = await screen.findByTestId('customers-table');
    const row = within(table).getAllByTestId('customer-row')[0]!;
    expect(row).toHaveTextContent('سارة العتيبي');
    expect(row).toHaveTextContent('sara@example.com');
    expect(row).toHaveTextContent('120');

    await user.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    await waitFor(() => expect(within(table).getAllByTestId('customer-row')).toHaveLength(2));
    expect(seen.at(-1)!.get('cursor')).toBe('1');

    await user.selectOptions(screen.getByLabelText('الترتيب حسب'), 'balance');
    await user.selectOptions(screen.getByLabelText('غير نشط منذ'), '90');
    await user.type(screen.getByLabelText('الرصيد من'), '100');
    await user.type(screen.getByRole('searchbox'), 'sara@example.com');
    await waitFor(() => expect(seen.at(-1)!.get('q')).toBe('sara@example.com'));
    const last = seen.at(-1)!;
    expect(last.get('sort')).toBe('balance');
    expect(last.get('inactiveDays')).toBe('90');
    expect(last.get('minBalance')).toBe('100');
    expect(last.get('cursor')).toBeNull();
  });

  test('a balance range the API would refuse is said at the field and never sent', async () => {
    signIn();
    const seen = answerList([[shopper()]]);
    const { user } = renderApp('/customers');
    await screen.findByTestId('customers-table');
    await user.type(screen.getByLabelText('الرصيد من'), '500');
    await user.type(screen.getByLabelText('الرصيد حتى'), '100');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'يجب ألا يزيد أقل رصيد على أعلى رصيد',
    );
    expect(seen.some((p) => p.get('maxBalance') === '100')).toBe(false);
  });

  test('an error shows the error and a retry, and no rows', async () => {
    signIn();
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/tiers', () => HttpResponse.json(tiersBody())),
      http.get('/api/merchants/customers', () =>
        HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 }),
      ),
    );
    renderApp('/customers');
    expect(await screen.findByRole('button', { name: /إعادة المحاولة/ })).toBeInTheDocument();
    expect(screen.queryByTestId('customer-row')).not.toBeInTheDocument();
  });
});

describe("a customer's account", () => {
  test('a retried adjustment reuses its idempotency key; other values get a new one', async () => {
    signIn();
    answerAccount();
    const bodies: { idempotencyKey: string; points: number }[] = [];
    let fail = true;
    server.use(
      http.post('/api/merchants/customers/1001/adjust', async ({ request }) => {
        const body = AdjustPointsBodySchema.parse(await request.json());
        bodies.push(body);
        if (fail) return HttpResponse.error();
        return HttpResponse.json(
          AdjustmentResponseSchema.parse({
            success: true,
            data: {
              idempotencyKey: body.idempotencyKey,
              customerId: '1001',
              points: body.points,
              reason: body.reason,
              balanceAfter: 120 + body.points,
              ledgerId: '10',
              sessionId: null,
              at: '2026-11-24T10:00:00.000Z',
            },
          }),
        );
      }),
    );
    const { user } = renderApp('/customers/1001');
    const form = await screen.findByTestId('adjust-form');
    await user.type(within(form).getByLabelText('النقاط'), '25');
    await user.type(within(form).getByLabelText('السبب'), 'تعويض عن التأخير');
    await user.click(within(form).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('تعذّر حفظ التعديل');

    fail = false;
    await user.click(within(form).getByRole('button', { name: 'حفظ التعديل' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'أُضيفت 25 نقطة. الرصيد الجديد: 145.',
    );
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.idempotencyKey).toBe(bodies[0]!.idempotencyKey);

    await user.type(within(form).getByLabelText('النقاط'), '5');
    await user.type(within(form).getByLabelText('السبب'), 'هدية');
    await user.click(within(form).getByLabelText('خصم نقاط'));
    await user.click(within(form).getByRole('button', { name: 'حفظ التعديل' }));
    await waitFor(() => expect(bodies).toHaveLength(3));
    expect(bodies[2]!.points).toBe(-5);
    expect(bodies[2]!.idempotencyKey).not.toBe(bodies[0]!.idempotencyKey);
  });

  test('a non-number or a missing reason is a field error and nothing is sent', async () => {
    signIn();
    answerAccount();
    let calls = 0;
    server.use(
      http.post('/api/merchants/customers/1001/adjust', () => {
        calls += 1;
        return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
      }),
    );
    const { user } = renderApp('/customers/1001');
    const form = await screen.findByTestId('adjust-form');
    await user.type(within(form).getByLabelText('النقاط'), '12abc');
    await user.click(within(form).getByRole('button', { name: 'حفظ التعديل' }));
    expect(
      within(form).getByText('أدخل عددًا صحيحًا من النقاط من 1 إلى 1,000,000.'),
    ).toBeInTheDocument();
    expect(within(form).getByText('اكتب سببًا من 3 إلى 200 حرف.')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test('the history says what each row was and links its order; an unknown id says so', async () => {
    signIn();
    answerAccount();
    renderApp('/customers/1001');
    const row = await screen.findByTestId('ledger-row');
    expect(row).toHaveTextContent('طلب');
    expect(within(row).getByRole('link', { name: 'الطلب 40000016' })).toHaveAttribute(
      'href',
      '#order-555',
    );
    expect(screen.getByTestId('expiring-lots')).toHaveTextContent('50 نقطة');
  });

  test('an order earned on its total because Salla sent no lines says so on its row (decision 048)', async () => {
    signIn();
    const order = (id: string, earningBasis: 'lines' | 'total' | null) => ({
      id,
      reference: `4000${id}`,
      status: 'completed',
      placedAt: '2026-11-09T09:00:00.000Z',
      total: 200,
      refunded: 0,
      cancelled: false,
      fullyRefunded: false,
      earnStatus: 'earned',
      points: 30,
      releasedAt: '2026-11-09T09:00:00.000Z',
      earningBasis,
    });
    answerAccount(shopper(), [], [order('1', 'total'), order('2', 'lines'), order('3', null)]);
    renderApp('/customers/1001');
    await screen.findAllByTestId('account-order');
    const rows = screen.getAllByTestId('account-order');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('order-earning-basis')).toHaveTextContent(
      'حسب إجماليه: أرسلته سلة دون بنوده، فلم تُطبَّق قواعد المنتجات',
    );
    expect(within(rows[1]!).getByTestId('order-earning-basis')).toHaveTextContent(
      'حسب بنوده وفق قواعد المنتجات',
    );
    expect(within(rows[2]!).queryByTestId('order-earning-basis')).not.toBeInTheDocument();
  });

  test('a shopper of another store (404) is not found, with no retry', async () => {
    signIn();
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/merchants/customers/777', () =>
        HttpResponse.json(errorBody('NOT_FOUND'), { status: 404 }),
      ),
    );
    renderApp('/customers/777');
    expect(await screen.findByText('لا يوجد عميل في متجرك بهذا الرقم.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /إعادة المحاولة/ })).not.toBeInTheDocument();
  });
});

describe('the import', () => {
  test('a dry run lists the problem rows; the import sends the same file for real', async () => {
    signIn();
    answerList([[shopper()]]);
    const sent: { dryRun: string | null; body: string; type: string | null }[] = [];
    server.use(
      http.post('/api/merchants/customers/import', async ({ request }) => {
        const dryRun = new URL(request.url).searchParams.get('dryRun');
        sent.push({
          dryRun,
          body: await request.text(),
          type: request.headers.get('content-type'),
        });
        return HttpResponse.json(
          ImportResponseSchema.parse({
            success: true,
            data: {
              dryRun: dryRun === '1',
              fileHash: 'a'.repeat(64),
              rows: 2,
              good: 1,
              points: 40,
              problems: [{ line: 3, problem: 'unknown_shopper', value: 'nobody@example.com' }],
            },
          }),
        );
      }),
    );
    const { user } = renderApp('/customers');
    await user.click(await screen.findByRole('button', { name: 'استيراد الأرصدة' }));
    const dialog = await screen.findByTestId('import-dialog');
    const csv = 'email,points\nsara@example.com,40\nnobody@example.com,10\n';
    await user.upload(
      within(dialog).getByLabelText('ملف CSV'),
      new File([csv], 'old-app.csv', { type: 'text/csv' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'فحص الملف' }));
    const problem = await within(dialog).findByTestId('import-problem');
    expect(problem).toHaveTextContent('nobody@example.com');
    expect(problem).toHaveTextContent('لا يوجد عميل في متجرك بهذا الرقم أو البريد');
    await user.click(within(dialog).getByRole('button', { name: 'استيراد رصيد واحد' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'استُورد رصيد افتتاحي واحد (40 نقطة).',
    );
    expect(sent.map((s) => s.dryRun)).toEqual(['1', '0']);
    expect(sent.every((s) => s.body === csv && s.type === 'text/csv')).toBe(true);
  });
  test.each([
    {
      lang: 'ar' as const,
      open: 'استيراد الأرصدة',
      file: 'ملف CSV',
      check: 'فحص الملف',
      apply: 'استيراد رصيدين',
      partly: 'لم يُستورد كل ما كان جاهزًا: استُورد 1 من 2، وسبب كل صف لم يُستورد في الجدول.',
      reason: 'لهذا العميل رصيد افتتاحي من قبل',
      close: 'إغلاق',
    },
    {
      lang: 'en' as const,
      open: 'Import balances',
      file: 'CSV file',
      check: 'Check the file',
      apply: 'Import 2 balances',
      partly:
        'Not everything that was ready was imported: 1 of 2. The table gives the reason for each row left out.',
      reason: 'This customer already has an opening balance',
      close: 'Close',
    },
  ])(
    'an import that another import beat to a customer stays open and names the row it left ($lang)',
    async (c) => {
      await i18n.changeLanguage(c.lang);
      signIn();
      answerList([[shopper()]]);
      server.use(
        http.post('/api/merchants/customers/import', ({ request }) => {
          const dryRun = new URL(request.url).searchParams.get('dryRun') === '1';
          return HttpResponse.json(
            ImportResponseSchema.parse({
              success: true,
              data: {
                dryRun,
                fileHash: 'b'.repeat(64),
                rows: 2,
                good: dryRun ? 2 : 1,
                points: dryRun ? 50 : 40,
                problems: dryRun
                  ? []
                  : [{ line: 3, problem: 'already_imported', value: 'lama@example.com' }],
              },
            }),
          );
        }),
      );
      const { user } = renderApp('/customers');
      await user.click(await screen.findByRole('button', { name: c.open }));
      const dialog = await screen.findByTestId('import-dialog');
      await user.upload(
        within(dialog).getByLabelText(c.file),
        new File(['email,points\nsara@example.com,40\nlama@example.com,10\n'], 'a.csv', {
          type: 'text/csv',
        }),
      );
      await user.click(within(dialog).getByRole('button', { name: c.check }));
      await user.click(await within(dialog).findByRole('button', { name: c.apply }));
      expect(await within(dialog).findByRole('status')).toHaveTextContent(c.partly);
      const left = within(dialog).getByTestId('import-problem');
      expect(left).toHaveTextContent('lama@example.com');
      expect(left).toHaveTextContent(c.reason);
      expect(within(dialog).queryByRole('button', { name: c.apply })).not.toBeInTheDocument();
      // The modal's own close button ends it.
      await user.click(within(dialog).getByRole('button', { name: c.close }));
      await waitFor(() => expect(screen.queryByTestId('import-dialog')).not.toBeInTheDocument());
    },
  );
});

describe('VIP tiers on the customers screens', () => {
  const brief = (position: number) => {
    const { id, nameAr, nameEn, colour } = tier(position);
    return { id, nameAr, nameEn, colour, position };
  };

  test('the list filters by tier or by no tier, and shows each customer’s tier badge', async () => {
    signIn();
    const seen = answerList(
      [[shopper({ tier: brief(2) }), shopper({ id: '1002', name: 'Lama' })]],
      [],
      [tier(1), tier(2)],
    );
    const { user } = renderApp('/customers');
    const table = await screen.findByTestId('customers-table');
    const [gold, none] = within(table).getAllByTestId('customer-row');
    expect(within(gold!).getByTestId('tier-badge')).toHaveTextContent('الذهبي');
    expect(within(none!).queryByTestId('tier-badge')).not.toBeInTheDocument();

    const filter = await screen.findByLabelText('المستوى');
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['كل المستويات', 'الفضي', 'الذهبي', 'بلا مستوى']);
    await user.selectOptions(filter, tier(2).id);
    await waitFor(() => expect(seen.at(-1)?.get('tier')).toBe(tier(2).id));
    await user.selectOptions(filter, 'none');
    await waitFor(() => expect(seen.at(-1)?.get('tier')).toBe('none'));
    expect(seen[0]?.has('tier')).toBe(false);
  });

  test('the account shows the tier now and its changes with their causes', async () => {
    signIn();
    answerAccount(shopper({ tier: brief(2) }), [
      {
        from: brief(1),
        to: brief(2),
        cause: 'activity',
        detail: 'order:5521',
        basis: 'spend',
        basisValue: 2150,
        at: '2026-11-20T09:00:00.000Z',
      },
      {
        from: null,
        to: brief(1),
        cause: 'tiers_changed',
        detail: null,
        basis: 'points',
        basisValue: 600,
        at: '2026-11-01T09:00:00.000Z',
      },
    ]);
    renderApp('/customers/1001');
    const card = await screen.findByTestId('tier-changes');
    expect(
      within(screen.getByRole('heading', { level: 1 })).getByTestId('tier-badge'),
    ).toHaveTextContent('الذهبي');
    const [up, first] = within(card).getAllByTestId('tier-change');
    expect(up).toHaveTextContent('صعد');
    expect(up).toHaveTextContent('بنشاطه (طلب أو نقاط)');
    expect(up).toHaveTextContent('الطلب 5521');
    expect(up).toHaveTextContent(
      `الإنفاق المحتسب: ${formatCurrency(2150, 'ar').replace(/\s+/g, ' ')}`,
    );
    expect(first).toHaveTextContent('النقاط المحتسبة: 600 نقطة');
    expect(first).toHaveTextContent('بلا مستوى');
    expect(first).toHaveTextContent('غيّرتَ المستويات');
  });
});
