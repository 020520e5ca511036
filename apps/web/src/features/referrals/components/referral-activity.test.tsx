import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  ERROR_MESSAGES,
  REFERRAL_DEFAULTS,
  REFERRAL_REASONS,
  ReferralSettingsResponseSchema,
  type ReferralReason,
} from '@nuqat/contracts';
import arReferrals from '../../../locales/ar/referrals.json';
import enReferrals from '../../../locales/en/referrals.json';
import { formatCurrency } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import {
  errorBody,
  referral,
  referralsBody,
  referralSummaryBody,
  signIn,
  storeInfoBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

const settingsBody = ReferralSettingsResponseSchema.parse({
  success: true,
  data: { ...REFERRAL_DEFAULTS, isActive: true, updatedAt: null },
});

/** Intl puts no-break spaces and direction marks in amounts; compare plain text. */
const plain = (text: string | null) =>
  (text ?? '').replace(/[\u200e\u200f\u061c]/gu, '').replace(/\s/gu, ' ');

type Answer = () => Response | Promise<Response>;

/**
 * The screen's API: the store, the settings (a growth store unless told), and the results —
 * every request for the summary and the list recorded with its query.
 */
function membersApi({
  summary = () => HttpResponse.json(referralSummaryBody()),
  list = () => HttpResponse.json(referralsBody()),
  settings = () => HttpResponse.json(settingsBody),
}: {
  summary?: Answer;
  list?: (query: URLSearchParams) => Response | Promise<Response>;
  settings?: Answer;
} = {}) {
  const summaries: number[] = [];
  const queries: URLSearchParams[] = [];
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/referrals/settings', settings),
    http.get('/api/referrals/summary', () => {
      summaries.push(1);
      return summary();
    }),
    http.get('/api/referrals', ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      return list(query);
    }),
  );
  return { summaries, queries };
}

function openMembers() {
  signIn();
  return renderApp('/members');
}

const rows = () => screen.getAllByTestId('referral-row');
const cards = () => screen.getAllByTestId('referral-card');

/** One referral of each status and, for blocked and reversed, of each reason. */
function everyCase() {
  const blockedReasons = REFERRAL_REASONS.filter((reason) => !reason.startsWith('order_'));
  return [
    referral({
      status: 'pending',
      friend: { email: 'noura@example.com', customerId: null, name: null },
    }),
    referral({
      status: 'completed',
      friend: { email: 'layla@example.com', customerId: '990001', name: 'ليلى القحطاني' },
      friendReward: {
        type: 'percentage',
        value: 10,
        maxAmount: 50,
        status: 'used',
        code: 'RF-LAYLA10',
        expiresAt: '2026-12-20T09:00:00.000Z',
        usedOrderId: '5001',
        discount: 25,
      },
      inviterReward: {
        type: 'fixed',
        value: 30,
        maxAmount: null,
        status: 'issued',
        code: 'RF-SARA30',
        expiresAt: '2026-12-25T09:00:00.000Z',
        usedOrderId: null,
        discount: null,
      },
      orderId: '5001',
      orderTotal: 420,
      completedAt: '2026-11-22T09:00:00.000Z',
    }),
    ...(['order_cancelled', 'order_refunded'] as const).map((reason) =>
      referral({
        status: 'reversed',
        reason,
        orderId: '5002',
        orderTotal: 180,
        reversedAt: '2026-11-23T09:00:00.000Z',
      }),
    ),
    ...blockedReasons.map((reason) =>
      referral({
        status: 'blocked',
        reason,
        ...(reason === 'unknown_code' ? { inviter: null } : {}),
        friendReward: {
          type: 'shipping',
          value: 0,
          maxAmount: null,
          status: 'none',
          code: null,
          expiresAt: null,
          usedOrderId: null,
          discount: null,
        },
      }),
    ),
  ];
}

describe('/members: the referral results', () => {
  test('the figures come from the summary: counts, the rate, SAR amounts, coupons', async () => {
    membersApi({
      summary: () =>
        HttpResponse.json(
          referralSummaryBody({
            sent: 40,
            pending: 12,
            converted: 10,
            reversed: 3,
            blocked: 5,
            revenue: 12500,
            referredOrders: 14,
            cost: 1340,
            couponsIssued: 48,
            couponsUsed: 21,
          }),
        ),
    });
    openMembers();
    const figure = async (id: string) => plain((await screen.findByTestId(id)).textContent);
    expect(await figure('referral-figure-sent')).toContain('40');
    expect(await figure('referral-figure-sent')).toContain(arReferrals.figures.sent);
    expect(await figure('referral-figure-converted')).toContain('10');
    expect(await figure('referral-figure-converted')).toContain('25٪ من المدعوّين');
    expect(await figure('referral-figure-pending')).toContain('12');
    expect(await figure('referral-figure-revenue')).toContain(plain(formatCurrency(12500, 'ar')));
    expect(await figure('referral-figure-revenue')).toContain('من 14 طلبًا');
    expect(await figure('referral-figure-cost')).toContain(plain(formatCurrency(1340, 'ar')));
    expect(await figure('referral-figure-cost')).toContain('صدر 48 كوبونًا');
    expect(await figure('referral-figure-cost')).toContain('استُخدم 21 منها');
    expect(await figure('referral-figure-blocked')).toContain('5');
    expect(await figure('referral-figure-blocked')).toContain('3 إحالات ملغاة');
    // Whole riyals, figures in their own direction and in tabular digits.
    const revenue = screen.getByTestId('referral-figure-revenue-value');
    expect(revenue.tagName).toBe('BDI');
    expect(revenue.parentElement).toHaveClass('tabular-nums');
  });

  test('the figures wait behind a skeleton, with no number shown', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    membersApi({
      summary: async () => {
        await gate;
        return HttpResponse.json(referralSummaryBody({ sent: 7 }));
      },
    });
    openMembers();
    expect(await screen.findByTestId('referral-figures-loading')).toHaveTextContent(
      arReferrals.figures.loading,
    );
    release();
    expect(await screen.findByTestId('referral-figure-sent-value')).toHaveTextContent('7');
    expect(screen.queryByTestId('referral-figures-loading')).toBeNull();
  });

  test('each status has its badge, and each blocked or reversed reason its sentence', async () => {
    const items = everyCase();
    const { queries } = membersApi({ list: () => HttpResponse.json(referralsBody(items)) });
    openMembers();
    await waitFor(() => expect(rows()).toHaveLength(items.length));
    expect(cards()).toHaveLength(items.length);
    expect([...queries[0]!.entries()]).toEqual([['limit', '25']]);

    const [pending, completed, cancelled, refunded] = rows();
    expect(within(pending!).getByText('قيد الانتظار').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'yellow',
    );
    expect(within(pending!).queryByTestId('referral-reason')).toBeNull();
    expect(within(pending!).getByText('noura@example.com')).toHaveAttribute('dir', 'ltr');
    expect(pending).toHaveTextContent(arReferrals.list.noName);
    expect(pending).toHaveTextContent(arReferrals.list.coupon.notDue);
    expect(pending).toHaveTextContent(arReferrals.list.noOrder);
    // The inviter's name, e-mail (left to right) and the code used, left to right too.
    expect(pending).toHaveTextContent('سارة العتيبي');
    expect(within(pending!).getByText('sara@example.com')).toHaveAttribute('dir', 'ltr');
    expect(within(pending!).getByText('SARA-7K2M')).toHaveAttribute('dir', 'ltr');

    expect(within(completed!).getByText('مكتملة').closest('[data-tone]')).toHaveAttribute(
      'data-tone',
      'green',
    );
    expect(completed).toHaveTextContent('ليلى القحطاني');
    const [friendGift, inviterReward] = within(completed!).getAllByTestId('referral-reward');
    expect(plain(friendGift!.textContent)).toContain(
      plain(`خصم 10٪ على الطلب بحد أقصى ${formatCurrency(50, 'ar')}`),
    );
    expect(friendGift).toHaveTextContent(arReferrals.list.coupon.used);
    expect(plain(friendGift!.textContent)).toContain(
      plain(`على الطلب 5001، خصم ${formatCurrency(25, 'ar')}`),
    );
    expect(within(friendGift!).getByText('RF-LAYLA10')).toHaveAttribute('dir', 'ltr');
    expect(plain(inviterReward!.textContent)).toContain(
      plain(`خصم ${formatCurrency(30, 'ar')} على الطلب`),
    );
    expect(inviterReward).toHaveTextContent(arReferrals.list.coupon.issued);
    expect(inviterReward).toHaveTextContent('صالح حتى');
    expect(plain(completed!.textContent)).toContain(plain(formatCurrency(420, 'ar')));
    expect(completed).toHaveTextContent('طلب 5001');
    expect(completed).toHaveTextContent(arReferrals.list.dates.completed);

    for (const [row, reason] of [
      [cancelled, 'order_cancelled'],
      [refunded, 'order_refunded'],
    ] as const) {
      expect(within(row!).getByText('ملغاة').closest('[data-tone]')).toHaveAttribute(
        'data-tone',
        'grey',
      );
      expect(within(row!).getByTestId('referral-reason')).toHaveTextContent(
        arReferrals.list.reasons[reason],
      );
      expect(row).toHaveTextContent(arReferrals.list.dates.reversed);
      expect(row).toHaveTextContent(arReferrals.list.coupon.notGiven);
    }

    const blocked = rows().filter((row) => row.dataset.status === 'blocked');
    expect(blocked).toHaveLength(8);
    for (const row of blocked) {
      expect(within(row).getByText('محظورة').closest('[data-tone]')).toHaveAttribute(
        'data-tone',
        'red',
      );
      expect(row).toHaveTextContent('شحن مجاني للطلب');
    }
    const sentences = blocked.map((row) => within(row).getByTestId('referral-reason').textContent);
    expect(sentences).toEqual([
      arReferrals.list.reasons.self_referral,
      arReferrals.list.reasons.existing_customer,
      arReferrals.list.reasons.unknown_code,
      arReferrals.list.reasons.inactive_code,
      'بلغ العميل الداعي الحد الأقصى: 10 أصدقاء مكافَئين خلال 7 أيام.',
      arReferrals.list.reasons.already_claimed,
      arReferrals.list.reasons.code_cap,
      arReferrals.list.reasons.daily_cap,
    ]);
    // A code that named nobody has no inviter to show.
    expect(blocked[2]).toHaveTextContent(arReferrals.list.unknownInviter);
  });

  test('every reason reads as a sentence in English too', async () => {
    await i18n.changeLanguage('en');
    const items = everyCase();
    membersApi({ list: () => HttpResponse.json(referralsBody(items)) });
    openMembers();
    await waitFor(() => expect(rows()).toHaveLength(items.length));
    const reasons = screen
      .getAllByTestId('referral-row')
      .map((row) => within(row).queryByTestId('referral-reason')?.textContent)
      .filter(Boolean);
    const expected = (
      [
        'order_cancelled',
        'order_refunded',
        ...REFERRAL_REASONS.filter((reason) => !reason.startsWith('order_')),
      ] as ReferralReason[]
    ).map((reason) => enReferrals.list.reasons[reason].replace('{{cap}}', '10'));
    expect(reasons).toEqual(expected);
    expect(rows()[0]).toHaveTextContent('Pending');
    expect(screen.getByTestId('referral-figure-sent')).toHaveTextContent('Friends invited');
  });

  test.each([
    ['ar', arReferrals.list.erasedFriend],
    ['en', enReferrals.list.erasedFriend],
  ] as const)(
    'a friend whose data was erased shows that, never an address (%s)',
    async (language, erased) => {
      await i18n.changeLanguage(language);
      const items = [referral({ friend: { email: null, customerId: '990002', name: '' } })];
      membersApi({ list: () => HttpResponse.json(referralsBody(items)) });
      openMembers();
      await waitFor(() => expect(rows()).toHaveLength(1));
      expect(rows()[0]).toHaveTextContent(erased);
      expect(rows()[0]!.textContent).not.toMatch(/friend\d*@example\.com/);
    },
  );

  test('the status filter asks the server for that status only, and can be cleared', async () => {
    const { queries } = membersApi({
      list: (query) =>
        HttpResponse.json(
          referralsBody(
            query.get('status') === 'blocked'
              ? []
              : [
                  referral(),
                  referral({ status: 'completed', completedAt: '2026-11-22T09:00:00Z' }),
                ],
          ),
        ),
    });
    const { user } = openMembers();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText(arReferrals.list.statusFilter), 'blocked');
    expect(await screen.findByText(arReferrals.list.noMatch)).toBeInTheDocument();
    expect([...queries.at(-1)!.entries()]).toEqual([
      ['status', 'blocked'],
      ['limit', '25'],
    ]);
    await user.click(screen.getByRole('button', { name: arReferrals.list.clearFilter }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText(arReferrals.list.statusFilter)).toHaveValue('');
  });

  test('load more asks for the next page with the cursor and the filter, and adds it below', async () => {
    const first = [referral({ status: 'completed', completedAt: '2026-11-22T09:00:00.000Z' })];
    const second = [
      referral({ status: 'completed', completedAt: '2026-11-21T09:00:00.000Z' }),
      referral({ status: 'completed', completedAt: '2026-11-20T09:00:00.000Z' }),
    ];
    const { queries } = membersApi({
      list: (query) =>
        HttpResponse.json(
          query.get('cursor') === 'cursor-2'
            ? referralsBody(second, null)
            : referralsBody(first, 'cursor-2'),
        ),
    });
    const { user } = openMembers();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.selectOptions(screen.getByLabelText(arReferrals.list.statusFilter), 'completed');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('completed'));
    expect(await screen.findByText('الإحالات المعروضة:', { exact: false })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: arReferrals.list.loadMore }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect([...queries.at(-1)!.entries()]).toEqual([
      ['status', 'completed'],
      ['cursor', 'cursor-2'],
      ['limit', '25'],
    ]);
    expect(screen.queryByRole('button', { name: arReferrals.list.loadMore })).toBeNull();
    expect(screen.getByText('عُرضت كل الإحالات:', { exact: false })).toHaveTextContent('3');
  });

  test('a next page that fails keeps the rows and says so', async () => {
    membersApi({
      list: (query) =>
        query.get('cursor')
          ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
          : HttpResponse.json(referralsBody([referral()], 'cursor-2')),
    });
    const { user } = openMembers();
    await user.click(await screen.findByRole('button', { name: arReferrals.list.loadMore }));
    expect(await screen.findByText(arReferrals.list.loadMoreError)).toBeInTheDocument();
    expect(rows()).toHaveLength(1);
  });

  test('no referral yet: an empty state that says how they come', async () => {
    membersApi();
    openMembers();
    expect(await screen.findByText(arReferrals.list.empty)).toBeInTheDocument();
    expect(screen.getByText(arReferrals.list.emptyHint)).toBeInTheDocument();
    expect(screen.queryByTestId('referral-row')).toBeNull();
  });

  test('the server down is one error box, whose retry reloads the figures and the list', async () => {
    let up = false;
    const down = () => HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
    const { summaries, queries } = membersApi({
      summary: () => (up ? HttpResponse.json(referralSummaryBody({ sent: 3 })) : down()),
      list: () => (up ? HttpResponse.json(referralsBody([referral()])) : down()),
    });
    const { user } = openMembers();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.INTERNAL_ERROR.ar);
    // The settings above are fine; below them, one box for both failures.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByTestId('reward-card-participant')).toBeInTheDocument();
    const before = { summaries: summaries.length, queries: queries.length };
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByTestId('referral-figure-sent-value')).toHaveTextContent('3');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(summaries.length).toBeGreaterThan(before.summaries);
    expect(queries.length).toBeGreaterThan(before.queries);
  });

  test('the figures failing alone say so in their place, and the list still shows', async () => {
    let up = false;
    membersApi({
      summary: () =>
        up
          ? HttpResponse.json(referralSummaryBody({ sent: 9 }))
          : HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 }),
      list: () => HttpResponse.json(referralsBody([referral()])),
    });
    const { user } = openMembers();
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(rows()).toHaveLength(1));
    up = true;
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByTestId('referral-figure-sent-value')).toHaveTextContent('9');
  });

  test('a starter store sees the upgrade prompt, and the results are never asked for', async () => {
    const { summaries, queries } = membersApi({
      settings: () => HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 }),
    });
    openMembers();
    await screen.findByTestId('referral-upgrade');
    expect(screen.queryByText(arReferrals.activity.heading)).toBeNull();
    expect(summaries).toHaveLength(0);
    expect(queries).toHaveLength(0);
  });
});
