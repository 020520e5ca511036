import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  CancelCouponResponseSchema,
  CouponsResponseSchema,
  ERROR_MESSAGES,
  MerchantCouponSchema,
  type MerchantCoupon,
} from '@nuqat/contracts';
import { i18n } from '../../../lib/i18n';
import { formatCurrency, isolate } from '../../../lib/format';
import { errorBody, signIn, storeInfoBody, TEST_MERCHANT } from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

let seq = 0;

/** A coupon as the API answers it (through the contract), unused unless told otherwise. */
function coupon(overrides: Partial<MerchantCoupon> = {}): MerchantCoupon {
  seq += 1;
  return MerchantCouponSchema.parse({
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    code: `NQ-TEST${String(seq).padStart(5, '0')}`,
    source: 'reward',
    status: 'issued',
    customer: { id: '880000100', name: 'سارة العتيبي', email: 'customer1@demo.nuqat.sa' },
    reward: {
      id: '00000000-0000-4000-8000-00000000aaaa',
      name: 'خصم 20 ريال',
      type: 'fixed_discount',
      value: 20,
    },
    referral: null,
    points: 200,
    createdAt: '2026-11-10T09:00:00.000Z',
    expiresAt: '2026-12-10T09:00:00.000Z',
    usedAt: null,
    usedOrderId: null,
    cancelledAt: null,
    cancelReason: null,
    failureReason: null,
    ...overrides,
  });
}

const page = (items: MerchantCoupon[], nextCursor: string | null = null) =>
  CouponsResponseSchema.parse({ success: true, data: { items, nextCursor } });

/**
 * The mocked API: GET answers `answer(query)` (every query recorded), the cancel answers
 * `cancel(id)`; the layout's store info too.
 */
function couponsApi(
  answer: (query: URLSearchParams) => Response | Promise<Response>,
  cancel: (id: string, request: Request) => Response = () =>
    HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 }),
) {
  const queries: URLSearchParams[] = [];
  const cancels: Array<{ id: string; csrf: string | null }> = [];
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/merchants/coupons', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return answer(query);
    }),
    http.post('/api/merchants/coupons/:id/cancel', ({ params, request }) => {
      const id = String(params.id);
      cancels.push({ id, csrf: request.headers.get('x-csrf-token') });
      return cancel(id, request);
    }),
  );
  return { queries, cancels };
}

async function openCoupons() {
  signIn();
  const view = renderApp('/coupons');
  await screen.findByRole('heading', { level: 1, name: 'الكوبونات والخصومات' });
  return view;
}

/** The table's rows (the cards for phones carry another test id). */
const rows = () => screen.getAllByTestId('coupon-row');
/** Intl puts no-break spaces in amounts; the matcher compares plain spaces. */
const plain = (text: string) => text.replace(/\s/gu, ' ');

describe('/coupons', () => {
  test('a coupon withdrawn because the orders that bought it were cancelled reads withdrawn, not cancelled by you', async () => {
    const withdrawn = coupon({
      status: 'cancelled',
      cancelledAt: '2026-11-11T08:00:00.000Z',
      cancelReason: 'clawback',
    });
    couponsApi(() => HttpResponse.json(page([withdrawn])));
    await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(within(rows()[0]!).getByText('سُحب لإلغاء طلبات')).toBeInTheDocument();
    expect(within(rows()[0]!).queryByText('ملغى')).toBeNull();
    expect(within(screen.getByTestId('coupon-card')).getByText('سُحب لإلغاء طلبات')).toBeVisible();
  });

  test('each coupon shows its code, shopper, value, points, source, status and dates, as a row and as a card', async () => {
    const unused = coupon();
    const used = coupon({
      status: 'used',
      usedAt: '2026-11-12T10:00:00.000Z',
      usedOrderId: '5001',
      reward: { id: unused.reward!.id, name: 'خصم 10%', type: 'percentage_discount', value: 10 },
      points: 350,
    });
    const failed = coupon({
      code: null,
      status: 'failed',
      failureReason: 'salla 422 validation: The code has already been taken.',
      reward: { id: unused.reward!.id, name: 'شحن مجاني', type: 'free_shipping', value: 0 },
      customer: { id: '880000101', name: '', email: null },
      points: 150,
    });
    const cancelled = coupon({ status: 'cancelled', cancelledAt: '2026-11-11T08:00:00.000Z' });
    const { queries } = couponsApi(() =>
      HttpResponse.json(page([unused, used, failed, cancelled])),
    );
    await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(4));
    // One request for the first page: no filters, the page size, no cursor.
    expect(queries).toHaveLength(1);
    expect([...queries[0]!.entries()]).toEqual([['limit', '25']]);

    const [first, second, third, fourth] = rows();
    expect(within(first!).getByText(unused.code!)).toHaveAttribute('dir', 'ltr');
    expect(within(first!).getByRole('button', { name: `نسخ الكود ${unused.code}` })).toBeVisible();
    expect(first).toHaveTextContent('سارة العتيبي');
    expect(within(first!).getByText('customer1@demo.nuqat.sa')).toHaveAttribute('dir', 'ltr');
    expect(first).toHaveTextContent('خصم 20 ريال');
    expect(first).toHaveTextContent(plain(`خصم ${formatCurrency(20, 'ar')}`));
    expect(first).toHaveTextContent('200');
    expect(first).toHaveTextContent('استبدال نقاط');
    expect(within(first!).getByText('لم يُستخدم').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'blue',
    );
    expect(first).toHaveTextContent('صدر');
    expect(first).toHaveTextContent('ينتهي');
    expect(
      within(first!).getByRole('button', { name: `إلغاء الكوبون ${unused.code}` }),
    ).toBeVisible();

    expect(second).toHaveTextContent('خصم 10%');
    expect(within(second!).getByText('مُستخدم').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'green',
    );
    expect(second).toHaveTextContent('استُخدم');
    expect(second).not.toHaveTextContent('ينتهي');
    expect(within(second!).queryByRole('button', { name: /إلغاء الكوبون/ })).toBeNull();

    expect(third).toHaveTextContent('لم يُنشأ بعد');
    expect(third).toHaveTextContent('رقم 880000101');
    expect(third).toHaveTextContent('شحن مجاني');
    expect(within(third!).getByText('فشل').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'red',
    );
    expect(third).toHaveTextContent(
      'سبب الفشل: salla 422 validation: The code has already been taken.',
    );
    expect(third).toHaveTextContent('أُعيدت النقاط للعميل');
    expect(within(third!).queryByRole('button', { name: /إلغاء الكوبون/ })).toBeNull();

    expect(fourth).toHaveTextContent('ملغى');
    expect(fourth).toHaveTextContent('أُلغي');

    // The same coupons as cards for phones.
    const cards = screen.getAllByTestId('coupon-card');
    expect(cards.map((card) => card.dataset.status)).toEqual([
      'issued',
      'used',
      'failed',
      'cancelled',
    ]);
    expect(cards[0]).toHaveTextContent(unused.code!);
    expect(screen.getByText(/عُرضت كل الكوبونات/)).toHaveTextContent('عُرضت كل الكوبونات: 4');
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).toBeNull();
  });

  test('the search (debounced), status and source reach the server as q, status and source', async () => {
    const { queries } = couponsApi(() => HttpResponse.json(page([coupon()])));
    const { user } = await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(1));

    await user.type(screen.getByRole('searchbox', { name: 'البحث في الكوبونات' }), '  nq-ab  ');
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('nq-ab'));
    // Typed letter by letter, asked once when the typing stopped.
    expect(queries.filter((query) => query.has('q'))).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText('الحالة'), 'issued');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('issued'));
    expect(queries.at(-1)?.get('q')).toBe('nq-ab');

    await user.selectOptions(screen.getByLabelText('المصدر'), 'referral');
    await waitFor(() => expect(queries.at(-1)?.get('source')).toBe('referral'));
    expect(Object.fromEntries(queries.at(-1)!.entries())).toEqual({
      q: 'nq-ab',
      status: 'issued',
      source: 'referral',
      limit: '25',
    });

    // A shopper's e-mail, as typed.
    await user.clear(screen.getByRole('searchbox', { name: 'البحث في الكوبونات' }));
    await user.type(
      screen.getByRole('searchbox', { name: 'البحث في الكوبونات' }),
      'Customer1@Demo.Nuqat.sa',
    );
    await waitFor(() => expect(queries.at(-1)?.get('q')).toBe('Customer1@Demo.Nuqat.sa'));
  });

  test('referral coupons show under the referral source: which side, what they are worth, who holds them, no points and no cancelling', async () => {
    const inviters = coupon({
      code: 'NQR-ABCDEFGHJK',
      source: 'referral',
      reward: null,
      referral: { side: 'inviter', type: 'fixed', value: 25, maxAmount: null },
      points: 0,
    });
    const friends = coupon({
      code: 'NQF-ABCDEFGHJK',
      source: 'referral',
      reward: null,
      referral: { side: 'friend', type: 'percentage', value: 15, maxAmount: 60 },
      customer: { id: null, name: '', email: 'noura@example.com' },
      points: 0,
    });
    const { queries } = couponsApi((query) =>
      HttpResponse.json(page(query.get('source') === 'referral' ? [inviters, friends] : [])),
    );
    const { user } = await openCoupons();
    await user.selectOptions(screen.getByLabelText('المصدر'), 'referral');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(queries.at(-1)?.get('source')).toBe('referral');
    const [inviter, friend] = rows();
    expect(inviter).toHaveTextContent('مكافأة الداعي');
    expect(inviter).toHaveTextContent(plain(`خصم ${formatCurrency(25, 'ar')}`));
    expect(inviter).toHaveTextContent('إحالة');
    expect(inviter).not.toHaveTextContent('0 نقطة');
    expect(within(inviter!).queryByRole('button', { name: /إلغاء الكوبون/ })).toBeNull();
    expect(friend).toHaveTextContent('هدية الصديق');
    expect(friend).toHaveTextContent('15٪');
    expect(within(friend!).getByText('noura@example.com')).toHaveAttribute('dir', 'ltr');
    // The phone cards say the same.
    const cards = screen.getAllByTestId('coupon-card');
    expect(cards[1]).toHaveTextContent('هدية الصديق');
    expect(within(cards[0]!).queryByRole('button', { name: /إلغاء الكوبون/ })).toBeNull();
  });

  test('load more asks for the next page with the cursor and adds it below', async () => {
    const firstPage = [coupon(), coupon()];
    const secondPage = [coupon({ status: 'used', usedAt: '2026-11-12T10:00:00.000Z' })];
    const { queries } = couponsApi((query) =>
      query.get('cursor') === 'cursor-2'
        ? HttpResponse.json(page(secondPage))
        : HttpResponse.json(page(firstPage, 'cursor-2')),
    );
    const { user } = await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByText(/الكوبونات المعروضة/)).toHaveTextContent('الكوبونات المعروضة: 2');

    await user.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(queries.at(-1)?.get('cursor')).toBe('cursor-2');
    expect(queries.at(-1)?.get('limit')).toBe('25');
    expect(rows()[2]).toHaveTextContent(secondPage[0]!.code!);
    expect(screen.getByText(/عُرضت كل الكوبونات/)).toHaveTextContent('عُرضت كل الكوبونات: 3');
    expect(screen.queryByRole('button', { name: 'عرض المزيد' })).toBeNull();
  });

  test('a next page that fails keeps the rows and says so, and load more tries again', async () => {
    let failNext = true;
    couponsApi((query) => {
      if (!query.get('cursor')) return HttpResponse.json(page([coupon()], 'cursor-2'));
      if (failNext) {
        failNext = false;
        return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
      }
      return HttpResponse.json(page([coupon()]));
    });
    const { user } = await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    // The query client retries a 5xx twice before giving up; tests turn retries off.
    expect(await screen.findByText('تعذّر تحميل المزيد من الكوبونات')).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'عرض المزيد' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.queryByText('تعذّر تحميل المزيد من الكوبونات')).toBeNull();
  });

  test('cancelling an unused coupon: the dialog says what happens, the row turns cancelled, a toast says what changed', async () => {
    const unused = coupon();
    const { cancels } = couponsApi(
      () => HttpResponse.json(page([unused])),
      (id) =>
        HttpResponse.json(
          CancelCouponResponseSchema.parse({
            success: true,
            data: {
              ...unused,
              id,
              status: 'cancelled',
              cancelledAt: '2026-11-20T12:00:00.000Z',
              cancelReason: 'merchant',
            },
          }),
        ),
    );
    const { user } = await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(
      within(rows()[0]!).getByRole('button', { name: `إلغاء الكوبون ${unused.code}` }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: `إلغاء الكوبون ${unused.code}؟`,
    });
    expect(dialog).toHaveTextContent(
      'تعود 200 نقطة إلى رصيد سارة العتيبي، ويتوقف الكوبون عن العمل في سلة فورًا.',
    );
    // The safe choice first: nothing is sent on "back".
    await user.click(within(dialog).getByRole('button', { name: 'الإبقاء على الكوبون' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancels).toHaveLength(0);

    await user.click(
      within(rows()[0]!).getByRole('button', { name: `إلغاء الكوبون ${unused.code}` }),
    );
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByRole('button', { name: 'إلغاء الكوبون' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      `أُلغي الكوبون ${isolate(unused.code!)}: عادت 200 نقطة إلى رصيد ${isolate('سارة العتيبي')}، ولم يعد الكود يعمل في سلة.`,
    );
    expect(cancels).toEqual([{ id: unused.id, csrf: TEST_MERCHANT.csrfToken }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // The row follows the answer: cancelled, the date, no cancel button; no list reload.
    const row = rows()[0]!;
    expect(row).toHaveAttribute('data-status', 'cancelled');
    expect(within(row).getByText('ملغى').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'grey',
    );
    expect(row).toHaveTextContent('أُلغي');
    expect(row).toHaveTextContent('أُعيدت النقاط للعميل');
    expect(within(row).queryByRole('button', { name: /إلغاء الكوبون/ })).toBeNull();
  });

  test.each([
    ['COUPON_NOT_CANCELLABLE', 409],
    ['SALLA_UNAVAILABLE', 502],
  ] as const)(
    'a cancel answered %s shows its catalogue message in the dialog',
    async (code, status) => {
      const unused = coupon();
      const { queries, cancels } = couponsApi(
        () => HttpResponse.json(page([unused])),
        () => HttpResponse.json(errorBody(code), { status }),
      );
      const { user } = await openCoupons();
      await waitFor(() => expect(rows()).toHaveLength(1));
      const before = queries.length;
      await user.click(
        within(rows()[0]!).getByRole('button', { name: `إلغاء الكوبون ${unused.code}` }),
      );
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'إلغاء الكوبون' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('تعذّر إلغاء الكوبون');
      expect(alert).toHaveTextContent(ERROR_MESSAGES[code].ar);
      expect(cancels).toHaveLength(1);
      expect(screen.queryByTestId('toast')).toBeNull();
      if (code === 'COUPON_NOT_CANCELLABLE') {
        // The list was out of date: it is read again.
        await waitFor(() => expect(queries.length).toBe(before + 1));
      } else {
        // Nothing changed at Salla or here: the row stays unused.
        expect(rows()[0]).toHaveAttribute('data-status', 'issued');
      }
    },
  );

  test('loading, then no coupons yet: where coupons come from and a link to the rewards', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    couponsApi(async () => {
      await gate;
      return HttpResponse.json(page([]));
    });
    await openCoupons();
    expect(await screen.findByRole('status')).toHaveTextContent('جارٍ التحميل');
    release();
    expect(await screen.findByText('لا توجد كوبونات بعد')).toBeInTheDocument();
    expect(
      screen.getByText(/تُصدر نقاط كوبونًا عندما يستبدل العميل نقاطه بإحدى مكافآتك/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الذهاب إلى المكافآت' })).toHaveAttribute(
      'href',
      '/rewards',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a filter with no results says so and clears back to the whole list', async () => {
    const only = coupon();
    const { queries } = couponsApi((query) =>
      HttpResponse.json(page(query.get('status') === 'expired' ? [] : [only])),
    );
    const { user } = await openCoupons();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText('الحالة'), 'expired');
    expect(await screen.findByText('لا توجد كوبونات تطابق هذا البحث أو هذه الفلاتر')).toBeVisible();
    expect(screen.queryByText('لا توجد كوبونات بعد')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'مسح البحث والفلاتر' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.getByLabelText('الحالة')).toHaveValue('');
    // The whole list again (from the cache: it was read a moment ago).
    expect(queries.map((query) => query.get('status'))).toEqual([null, 'expired']);
  });

  test('an error shows no coupons, only the error and a retry that works — in English too', async () => {
    await i18n.changeLanguage('en');
    let fail = true;
    const only = coupon({
      reward: {
        id: '00000000-0000-4000-8000-00000000aaaa',
        name: '20 SAR off',
        type: 'fixed_discount',
        value: 20,
      },
    });
    couponsApi(() =>
      fail
        ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
        : HttpResponse.json(page([only])),
    );
    signIn();
    const { user } = renderApp('/coupons');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.INTERNAL_ERROR.en);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryAllByTestId('coupon-card')).toHaveLength(0);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const table = await screen.findByRole('table', {
      name: 'Coupons Nuqat issued for your store, newest first',
    });
    const row = within(table).getByTestId('coupon-row');
    expect(row).toHaveTextContent(plain(`${formatCurrency(20, 'en')} off`));
    expect(row).toHaveTextContent('Unused');
    expect(row).toHaveTextContent('Points redemption');
    expect(within(row).getByRole('button', { name: `Cancel coupon ${only.code}` })).toBeVisible();
  });
});
