import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  RewardRequestSchema,
  RewardsResponseSchema,
  type PlanId,
  type Reward,
  type Tier,
} from '@nuqat/contracts';
import { isolate } from '../../../lib/format';
import { i18n } from '../../../lib/i18n';
import {
  deletedRewardBody,
  errorBody,
  loyaltyRulesBody,
  programmeBody,
  redemptionsBody,
  reward,
  rewardBody,
  rewardsReportBody,
  signIn,
  storeInfoBody,
  tier,
  tiersBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

/** The mocked API's rewards, changed by the writes it answers; every write is recorded. */
function rewardsApi(
  initial: Reward[] = [],
  { plan = 'growth' as PlanId, fail = false, tiers = [] as Tier[] } = {},
) {
  let list = [...initial];
  const calls: Array<{ method: string; id?: string; body?: unknown }> = [];
  const failure = () => HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
  server.use(
    http.get('/api/merchants/store-info', () =>
      HttpResponse.json(storeInfoBody({ subscriptionPlan: plan })),
    ),
    http.get('/api/loyalty', () => HttpResponse.json(loyaltyRulesBody())),
    http.get('/api/loyalty/programme', () => HttpResponse.json(programmeBody())),
    // The store's VIP tiers: a reward's "available to" (a starter store's is a 403).
    http.get('/api/tiers', () =>
      plan === 'starter'
        ? HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 })
        : HttpResponse.json(tiersBody({ enabled: tiers.length > 0, tiers })),
    ),
    http.get('/api/rewards', () =>
      HttpResponse.json(RewardsResponseSchema.parse({ success: true, data: list })),
    ),
    // The rewards screen, where the rewards modal lives, shows their results too.
    http.get('/api/rewards/report', () => HttpResponse.json(rewardsReportBody())),
    http.get('/api/rewards/redemptions', () => HttpResponse.json(redemptionsBody())),
    http.post('/api/rewards', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', body });
      if (fail) return failure();
      const created = reward(RewardRequestSchema.parse(body));
      list = [created, ...list];
      return HttpResponse.json(rewardBody(created), { status: 201 });
    }),
    http.put('/api/rewards/:id', async ({ request, params }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', id: String(params.id), body });
      if (fail) return failure();
      const current = list.find((item) => item.id === params.id)!;
      const saved = { ...current, ...RewardRequestSchema.parse(body) };
      list = list.map((item) => (item.id === saved.id ? saved : item));
      return HttpResponse.json(rewardBody(saved));
    }),
    http.patch('/api/rewards/:id/toggle', ({ params }) => {
      calls.push({ method: 'PATCH', id: String(params.id) });
      if (fail) return failure();
      const current = list.find((item) => item.id === params.id)!;
      const saved = { ...current, isActive: !current.isActive };
      list = list.map((item) => (item.id === saved.id ? saved : item));
      return HttpResponse.json(rewardBody(saved));
    }),
    http.delete('/api/rewards/:id', ({ params }) => {
      calls.push({ method: 'DELETE', id: String(params.id) });
      if (fail) return failure();
      list = list.filter((item) => item.id !== params.id);
      return HttpResponse.json(deletedRewardBody(String(params.id)));
    }),
  );
  return calls;
}

async function openRewardsDialog(initial: Reward[] = [], options = {}) {
  signIn();
  const calls = rewardsApi(initial, options);
  // From the points screen's rewards list: the rewards screen opens with its modal.
  const view = renderApp('/setpoints');
  await screen.findByTestId('collection-methods');
  await view.user.click(await screen.findByRole('button', { name: 'إدارة المكافآت' }));
  await waitFor(() => expect(view.router.state.location.pathname).toBe('/rewards'));
  const dialog = await screen.findByRole('dialog', { name: 'إدارة المكافآت' });
  return { ...view, calls, dialog };
}

/** The report of one active reward, never redeemed. */
function answerReport(existing: Reward) {
  server.use(
    http.get('/api/rewards/report', () =>
      HttpResponse.json(
        rewardsReportBody({
          summary: {
            rewards: 1,
            activeRewards: 1,
            redeemedCount: 0,
            pointsSpent: 0,
            unusedCoupons: 0,
          },
          rewards: [
            {
              id: existing.id,
              name: existing.name,
              type: existing.type,
              value: existing.value,
              pointsRequired: existing.pointsRequired,
              isActive: true,
              maxUsage: null,
              redeemedCount: 0,
              pointsSpent: 0,
              unusedCoupons: 0,
              lastRedeemedAt: null,
            },
          ],
        }),
      ),
    ),
  );
}

describe('rewards have one home: /rewards', () => {
  test('creates a reward from its header and edits one from its results card', async () => {
    signIn();
    const existing = reward({ name: 'خصم 10 ريال', pointsRequired: 100 });
    const calls = rewardsApi([existing]);
    answerReport(existing);
    const { user } = renderApp('/rewards');
    const card = await screen.findByTestId('reward-stats');
    await user.click(within(card).getByRole('button', { name: 'تعديل خصم 10 ريال' }));
    const form = await screen.findByTestId('reward-form');
    expect(within(form).getByLabelText('النقاط المطلوبة')).toHaveValue('100');
    await user.clear(within(form).getByLabelText('النقاط المطلوبة'));
    await user.type(within(form).getByLabelText('النقاط المطلوبة'), '120');
    await user.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'PUT', id: existing.id }));

    await user.click(screen.getByRole('button', { name: 'إغلاق' }));
    await user.click(screen.getByRole('button', { name: 'مكافأة جديدة' }));
    const created = await screen.findByTestId('reward-form');
    await user.type(within(created).getByLabelText('اسم المكافأة'), 'شحن مجاني');
    await user.click(within(created).getByRole('button', { name: 'إضافة المكافأة' }));
    await waitFor(() => expect(calls.at(-1)).toMatchObject({ method: 'POST' }));
  });
});

describe('reward badges follow the store', () => {
  test.each([
    ['active', { programmeEnabled: true }, 'مفعّلة'],
    ['paused', { programmeEnabled: false }, 'مفعّلة، الاستبدال متوقف'],
    ['disconnected', { needsReinstall: true }, 'مفعّلة، الاستبدال متوقف'],
  ] as const)('an active reward of a %s store says so', async (_, store, badge) => {
    signIn();
    const existing = reward({ name: 'خصم 10 ريال' });
    rewardsApi([existing]);
    answerReport(existing);
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody(store))),
    );
    renderApp('/rewards');
    const card = await screen.findByTestId('reward-stats');
    expect(await within(card).findByText(badge, { exact: true })).toBeInTheDocument();
  });
});

describe('the rewards modal', () => {
  test('a new reward starts with the spec defaults: fixed discount, 100 points, value 10, active', async () => {
    const { user, dialog, calls } = await openRewardsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await screen.findByTestId('reward-form');
    expect(within(form).getByRole('radio', { name: 'خصم ثابت' })).toBeChecked();
    expect(within(form).getByLabelText('النقاط المطلوبة')).toHaveValue('100');
    expect(within(form).getByLabelText('قيمة الخصم (ريال)')).toHaveValue('10');
    expect(within(form).getByRole('switch', { name: 'مفعّلة' })).toBeChecked();
    expect(within(form).getByLabelText('حد الاستخدام')).toHaveValue('');
    expect(within(form).getByLabelText('الحد الأدنى للطلب (ريال)')).toHaveValue('0');
    expect(within(form).getByLabelText('صلاحية الكوبون (أيام)')).toHaveValue('30');

    await user.type(within(form).getByLabelText('اسم المكافأة'), 'خصم 10 ريال');
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      body: {
        name: 'خصم 10 ريال',
        // No English text typed: the Arabic shows on English pages.
        nameEn: null,
        type: 'fixed_discount',
        pointsRequired: 100,
        value: 10,
        description: '',
        descriptionEn: null,
        isActive: true,
        maxUsage: null,
        minOrderAmount: 0,
        freeProducts: [],
        couponValidDays: 30,
        // Everyone: the contract's default, sent as such.
        minTierId: null,
      },
    });
    // The toast names what changed.
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      `أُضيفت المكافأة «${isolate('خصم 10 ريال')}»`,
    );
    // Back on the list, with the new reward in it.
    expect(await within(dialog).findByText('خصم 10 ريال')).toBeInTheDocument();
  });

  test('the value is shown only for fixed, percentage and cashback rewards', async () => {
    const { user, dialog } = await openRewardsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await screen.findByTestId('reward-form');
    const cases = [
      ['خصم بنسبة مئوية', 'نسبة الخصم (٪)'],
      ['استرداد نقدي', 'قيمة الاسترداد (ريال)'],
      ['شحن مجاني', null],
      ['منتج مجاني', null],
      ['خصم ثابت', 'قيمة الخصم (ريال)'],
    ] as const;
    for (const [type, valueLabel] of cases) {
      await user.click(within(form).getByRole('radio', { name: type }));
      if (valueLabel) expect(within(form).getByLabelText(valueLabel)).toBeInTheDocument();
      else
        for (const label of ['قيمة الخصم (ريال)', 'نسبة الخصم (٪)', 'قيمة الاسترداد (ريال)'])
          expect(within(form).queryByLabelText(label)).not.toBeInTheDocument();
    }
  });

  test('bounds are checked before anything is sent', async () => {
    const { user, dialog, calls } = await openRewardsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await screen.findByTestId('reward-form');
    const points = within(form).getByLabelText('النقاط المطلوبة');
    await user.clear(points);
    await user.type(points, '0');
    await user.click(within(form).getByRole('radio', { name: 'خصم بنسبة مئوية' }));
    const value = within(form).getByLabelText('نسبة الخصم (٪)');
    await user.clear(value);
    await user.type(value, '101');
    const maxUsage = within(form).getByLabelText('حد الاستخدام');
    await user.type(maxUsage, '0');
    const minOrder = within(form).getByLabelText('الحد الأدنى للطلب (ريال)');
    await user.clear(minOrder);
    await user.type(minOrder, '-1');
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));

    expect(await within(form).findByText('هذا الحقل مطلوب')).toBeInTheDocument(); // name
    expect(within(form).getByLabelText('النقاط المطلوبة')).toHaveAccessibleDescription(
      'أدخل 1 أو أكثر',
    );
    expect(value).toHaveAccessibleDescription('أدخل 100 أو أقل');
    expect(maxUsage).toHaveAccessibleDescription('أدخل 1 أو أكثر');
    expect(minOrder).toHaveAccessibleDescription('أدخل 0 أو أكثر');
    expect(calls).toEqual([]);

    // The fixed boundaries are fine: 1 point, 100 %, a limit of 1, minimum 0.
    await user.type(within(form).getByLabelText('اسم المكافأة'), 'نسبة كاملة');
    await user.clear(points);
    await user.type(points, '1');
    await user.clear(value);
    await user.type(value, '100');
    await user.clear(maxUsage);
    await user.type(maxUsage, '1');
    await user.clear(minOrder);
    await user.type(minOrder, '0');
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      pointsRequired: 1,
      value: 100,
      maxUsage: 1,
      minOrderAmount: 0,
    });
  });

  test('a free-product reward names its products', async () => {
    const { user, dialog, calls } = await openRewardsDialog();
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await screen.findByTestId('reward-form');
    await user.type(within(form).getByLabelText('اسم المكافأة'), 'كوب هدية');
    await user.click(within(form).getByRole('radio', { name: 'منتج مجاني' }));
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    expect(await within(form).findAllByText('هذا الحقل مطلوب')).toHaveLength(2);
    await user.type(within(form).getByLabelText('معرّف المنتج في سلة'), '123456');
    await user.type(within(form).getByLabelText('اسم المنتج'), 'كوب قهوة');
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      type: 'free_product',
      freeProducts: [{ id: '123456', name: 'كوب قهوة' }],
    });
  });

  test('on the starter plan, cashback and free products are locked', async () => {
    const { user, dialog } = await openRewardsDialog([], { plan: 'starter' });
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await screen.findByTestId('reward-form');
    expect(within(form).getByRole('radio', { name: /استرداد نقدي/ })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: /منتج مجاني/ })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: 'شحن مجاني' })).toBeEnabled();
    expect(
      within(form).getByText('مكافآت الاسترداد النقدي والمنتج المجاني متاحة في باقة النمو.'),
    ).toBeInTheDocument();
  });

  test('edit, toggle and delete (after confirming) a reward', async () => {
    const existing = reward({
      name: 'خصم الصيف',
      pointsRequired: 200,
      value: 25,
      maxUsage: 50,
      usageCount: 7,
    });
    const { user, dialog, calls } = await openRewardsDialog([existing]);
    expect(within(dialog).getByText('خصم الصيف')).toBeInTheDocument();
    expect(within(dialog).getByTestId('reward-row')).toHaveTextContent('استُخدمت 7 من 50');

    await user.click(within(dialog).getByRole('button', { name: 'تعديل خصم الصيف' }));
    const form = await screen.findByTestId('reward-form');
    expect(within(form).getByLabelText('اسم المكافأة')).toHaveValue('خصم الصيف');
    expect(within(form).getByLabelText('حد الاستخدام')).toHaveValue('50');
    const points = within(form).getByLabelText('النقاط المطلوبة');
    await user.clear(points);
    await user.type(points, '150');
    await user.clear(within(form).getByLabelText('حد الاستخدام'));
    await user.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      id: existing.id,
      body: { name: 'خصم الصيف', pointsRequired: 150, value: 25, maxUsage: null },
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      `حُفظت تغييرات المكافأة «${isolate('خصم الصيف')}»`,
    );

    const toggle = await within(dialog).findByRole('switch', { name: 'مفعّلة: خصم الصيف' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(calls[1]).toEqual({ method: 'PATCH', id: existing.id });
    expect(
      await screen.findByText(
        `أُوقفت المكافأة «${isolate('خصم الصيف')}»: لم يعد العملاء يستطيعون استبدالها.`,
      ),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'حذف خصم الصيف' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'حذف «خصم الصيف»؟' });
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء' }));
    expect(calls).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'حذف خصم الصيف' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'حذف المكافأة' }),
    );
    await waitFor(() => expect(calls[2]).toEqual({ method: 'DELETE', id: existing.id }));
    await waitFor(() => expect(within(dialog).queryByText('خصم الصيف')).not.toBeInTheDocument());
    expect(within(dialog).getByText('لا توجد مكافآت بعد')).toBeInTheDocument();
    expect(await screen.findByText(`حُذفت المكافأة «${isolate('خصم الصيف')}»`)).toBeInTheDocument();
  });

  test('failures show the spec’s alerts', async () => {
    const existing = reward({ name: 'قسيمة' });
    const { user, dialog } = await openRewardsDialog([existing], { fail: true });
    await user.click(within(dialog).getByRole('switch', { name: 'مفعّلة: قسيمة' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('تعذّر تغيير حالة المكافأة');

    await user.click(within(dialog).getByRole('button', { name: 'حذف قسيمة' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'حذف المكافأة' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('تعذّر حذف المكافأة');
    await user.click(within(confirm).getByRole('button', { name: 'إلغاء' }));

    await user.click(within(dialog).getByRole('button', { name: 'تعديل قسيمة' }));
    const form = await screen.findByTestId('reward-form');
    await user.click(within(form).getByRole('button', { name: 'حفظ التغييرات' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('تعذّر حفظ المكافأة');
  });

  test('a plan refusal explains itself', async () => {
    signIn();
    rewardsApi();
    server.use(
      http.post('/api/rewards', () =>
        HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 }),
      ),
    );
    const { user } = renderApp('/setpoints');
    await user.click(await screen.findByRole('button', { name: 'مكافأة جديدة' }));
    const form = await screen.findByTestId('reward-form');
    await user.type(within(form).getByLabelText('اسم المكافأة'), 'x');
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر حفظ المكافأة');
    expect(alert).toHaveTextContent('هذه الميزة متاحة في باقة النمو');
  });
});

describe('/rewards', () => {
  function answerRewardsScreen(
    report: Parameters<typeof rewardsReportBody>[0],
    page: Parameters<typeof redemptionsBody>[0] = {},
  ) {
    const queries: URLSearchParams[] = [];
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/tiers', () => HttpResponse.json(tiersBody())),
      http.get('/api/rewards', () =>
        HttpResponse.json(RewardsResponseSchema.parse({ success: true, data: [] })),
      ),
      http.get('/api/rewards/report', () => HttpResponse.json(rewardsReportBody(report))),
      http.get('/api/rewards/redemptions', ({ request }) => {
        queries.push(new URL(request.url).searchParams);
        return HttpResponse.json(redemptionsBody(page));
      }),
    );
    return queries;
  }

  const stats = {
    id: '00000000-0000-4000-8000-00000000aaaa',
    name: 'خصم 10 ريال',
    type: 'fixed_discount' as const,
    pointsRequired: 100,
    value: 10,
    isActive: true,
    maxUsage: 50,
    redeemedCount: 12,
    pointsSpent: 1200,
    unusedCoupons: 4,
    lastRedeemedAt: '2026-02-01T10:00:00.000Z',
  };

  const summaryOf = (reward: typeof stats) => ({
    activeRewards: reward.isActive ? 1 : 0,
    redeemedCount: reward.redeemedCount,
    pointsSpent: reward.pointsSpent,
    unusedCoupons: reward.unusedCoupons,
  });

  test('each reward shows its cost, value, status, redemptions, points spent and unused coupons', async () => {
    signIn();
    answerRewardsScreen(
      {
        summary: {
          rewards: 1,
          activeRewards: 1,
          redeemedCount: 12,
          pointsSpent: 1200,
          unusedCoupons: 4,
        },
        rewards: [stats],
      },
      {
        total: 1,
        items: [
          {
            id: '00000000-0000-4000-8000-00000000bbbb',
            rewardId: stats.id,
            rewardName: 'خصم قديم',
            rewardType: 'fixed_discount',
            rewardDeleted: true,
            customerId: '99',
            customerName: 'نورة العتيبي',
            points: 100,
            status: 'issued',
            couponCode: 'NQ-7GH2',
            couponExpiresAt: null,
            createdAt: '2026-02-01T10:00:00.000Z',
          },
        ],
      },
    );
    renderApp('/rewards');
    const card = await screen.findByTestId('reward-stats');
    expect(card).toHaveTextContent('خصم 10 ريال');
    expect(card).toHaveTextContent('مفعّلة');
    expect(card).toHaveTextContent('100 نقطة');
    expect(card).toHaveTextContent('مرات الاستبدال12');
    expect(card).toHaveTextContent('النقاط المستبدلة1,200');
    expect(card).toHaveTextContent('كوبونات لم تُستخدم4');
    expect(card).toHaveTextContent('حد الاستخدام50');
    expect(screen.getByTestId('summary-points')).toHaveTextContent('1.2 ألف');

    const row = await screen.findByTestId('redemption-row');
    expect(row).toHaveTextContent('نورة العتيبي');
    expect(row).toHaveTextContent('خصم قديم');
    expect(row).toHaveTextContent('(محذوفة)');
    expect(within(row).getByText('NQ-7GH2')).toHaveAttribute('dir', 'ltr');
    expect(row).toHaveTextContent('لم يُستخدم');
  });

  test('search, status, reward filter and paging reach the server', async () => {
    signIn();
    const queries = answerRewardsScreen(
      {
        summary: {
          rewards: 1,
          activeRewards: 1,
          redeemedCount: 12,
          pointsSpent: 1200,
          unusedCoupons: 4,
        },
        rewards: [stats],
      },
      {
        total: 25,
        items: [
          {
            id: '00000000-0000-4000-8000-00000000cccc',
            rewardId: stats.id,
            rewardName: stats.name,
            rewardType: 'fixed_discount',
            rewardDeleted: false,
            customerId: '7',
            customerName: null,
            points: 100,
            status: 'used',
            couponCode: 'NQ-1',
            couponExpiresAt: null,
            createdAt: '2026-02-01T10:00:00.000Z',
          },
        ],
      },
    );
    const { user } = renderApp('/rewards');
    expect(await screen.findByTestId('redemption-row')).toHaveTextContent('العميل رقم 7');
    expect(screen.getByRole('navigation', { name: 'أحدث عمليات الاستبدال' })).toHaveTextContent(
      'صفحة 1 من 3',
    );
    await user.click(screen.getByRole('button', { name: 'الصفحة التالية' }));
    await waitFor(() => expect(queries.at(-1)?.get('page')).toBe('2'));

    await user.selectOptions(screen.getByLabelText('حالة الكوبون'), 'used');
    await waitFor(() => expect(queries.at(-1)?.get('status')).toBe('used'));
    expect(queries.at(-1)?.get('page')).toBe('1');

    await user.type(screen.getByLabelText('البحث في عمليات الاستبدال'), 'NQ-1');
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('NQ-1'));

    await user.click(screen.getByRole('button', { name: 'عرض عمليات استبدالها' }));
    await waitFor(() => expect(queries.at(-1)?.get('rewardId')).toBe(stats.id));
  });

  test('empty states guide the merchant to create rewards', async () => {
    signIn();
    answerRewardsScreen({});
    const { user } = renderApp('/rewards');
    const empty = (await screen.findByText('لا توجد مكافآت بعد')).parentElement!;
    expect(await screen.findByText('لا توجد عمليات استبدال بعد')).toBeInTheDocument();
    // Rewards are created here, not on another screen.
    await user.click(within(empty).getByRole('button', { name: 'مكافأة جديدة' }));
    expect(await screen.findByTestId('reward-form')).toBeInTheDocument();
  });

  test('the server down is one error box, whose retry reloads the report and the redemptions', async () => {
    signIn();
    answerRewardsScreen({ summary: { ...summaryOf(stats), rewards: 1 }, rewards: [stats] });
    let down = true;
    const fail = () => HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 });
    server.use(
      http.get('/api/rewards', () =>
        down ? fail() : HttpResponse.json(RewardsResponseSchema.parse({ success: true, data: [] })),
      ),
      http.get('/api/rewards/report', () =>
        down
          ? fail()
          : HttpResponse.json(
              rewardsReportBody({ summary: { ...summaryOf(stats), rewards: 1 }, rewards: [stats] }),
            ),
      ),
      http.get('/api/rewards/redemptions', () =>
        down ? fail() : HttpResponse.json(redemptionsBody()),
      ),
    );
    const { user } = renderApp('/rewards');
    const retry = await screen.findByRole('button', { name: 'إعادة المحاولة' });
    // Both sections have answered (nothing is loading any more): one box says it for both.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'إعادة المحاولة' })).toHaveLength(1);
    down = false;
    await user.click(retry);
    expect(await screen.findByTestId('reward-stats')).toHaveTextContent(stats.name);
    expect(await screen.findByText('لا توجد عمليات استبدال بعد')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the redemptions failing alone say so in their place, under a working report', async () => {
    signIn();
    answerRewardsScreen({ summary: { ...summaryOf(stats), rewards: 1 }, rewards: [stats] });
    server.use(
      http.get('/api/rewards/redemptions', () =>
        HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 }),
      ),
    );
    renderApp('/rewards');
    expect(await screen.findByTestId('reward-stats')).toHaveTextContent(stats.name);
    const alert = await screen.findByRole('alert');
    expect(
      within(screen.getByRole('region', { name: 'أحدث عمليات الاستبدال' })).getByRole('alert'),
    ).toBe(alert);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  test('a failed report shows an error with a working retry, in English too', async () => {
    await i18n.changeLanguage('en');
    signIn();
    answerRewardsScreen({});
    let calls = 0;
    server.use(
      http.get('/api/rewards/report', () => {
        calls += 1;
        return calls === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json(rewardsReportBody({}));
      }),
    );
    const { user } = renderApp('/rewards');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the rewards report');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No rewards yet')).toBeInTheDocument();
  });
});

describe('rewards reserved for a VIP tier', () => {
  test('with tiers, the form offers «متاحة لـ» and saves the chosen tier; the list shows its badge', async () => {
    const gold = tier(2);
    const { user, calls, dialog } = await openRewardsDialog([], { tiers: [tier(1), gold] });
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await within(dialog).findByTestId('reward-form');
    await user.type(within(form).getByLabelText('اسم المكافأة'), 'شحن مجاني للذهبي');
    const select = within(form).getByLabelText('متاحة لـ');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['كل العملاء', 'مستوى «الفضي» وما فوقه', 'مستوى «الذهبي» وما فوقه']);
    await user.selectOptions(select, gold.id);
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ name: 'شحن مجاني للذهبي', minTierId: gold.id });
    const row = (await within(dialog).findAllByTestId('reward-row'))[0]!;
    expect(within(row).getByTestId('reward-tier')).toHaveTextContent('الذهبي');
  });

  test('without tiers (or on the starter plan) there is no tier choice and everyone is sent', async () => {
    const { user, calls, dialog } = await openRewardsDialog([], { plan: 'starter' });
    await user.click(within(dialog).getByRole('button', { name: 'مكافأة جديدة' }));
    const form = await within(dialog).findByTestId('reward-form');
    expect(within(form).queryByLabelText('متاحة لـ')).not.toBeInTheDocument();
    await user.type(within(form).getByLabelText('اسم المكافأة'), 'خصم');
    await user.click(within(form).getByRole('button', { name: 'إضافة المكافأة' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ minTierId: null });
  });
});
