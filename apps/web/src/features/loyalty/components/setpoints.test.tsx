import { findToastAction } from '../../../testing/toast';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  LoyaltyRulesResponseSchema,
  STORAGE_KEYS,
  SaveLoyaltyRuleRequestSchema,
  UpdateProgrammeStatusRequestSchema,
  type LoyaltyRule,
  type StoreInfo,
} from '@nuqat/contracts';
import { i18n } from '../../../lib/i18n';
import {
  errorBody,
  loyaltyRule,
  loyaltyRuleBody,
  loyaltyRulesBody,
  programmeBody,
  reward,
  rewardsBody,
  signIn,
  storeInfoBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

interface Setup {
  store?: Partial<StoreInfo>;
  rewards?: Parameters<typeof rewardsBody>[0];
  rules?: Parameters<typeof loyaltyRulesBody>[0];
  enabled?: boolean;
}

/** What the mocked API holds: the rules it lists, updated by the saves it answers. */
let savedRules: Map<string, LoyaltyRule>;

function answerScreen({ store = {}, rules = {}, enabled = true, rewards = [] }: Setup = {}) {
  savedRules = new Map(loyaltyRulesBody(rules).data.map((rule) => [rule.event, rule]));
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody(store))),
    http.get('/api/loyalty', () =>
      HttpResponse.json(
        LoyaltyRulesResponseSchema.parse({ success: true, data: [...savedRules.values()] }),
      ),
    ),
    http.get('/api/loyalty/programme', () => HttpResponse.json(programmeBody(enabled))),
    http.get('/api/rewards', () => HttpResponse.json(rewardsBody(rewards))),
  );
}

/** Answers POST /api/loyalty like the API (or with `status`), recording what was sent. */
function recordRuleSaves(status = 200) {
  const sent: unknown[] = [];
  server.use(
    http.post('/api/loyalty', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      if (status !== 200) return HttpResponse.json(errorBody('INTERNAL_ERROR'), { status });
      const rule = SaveLoyaltyRuleRequestSchema.parse(body);
      const saved: LoyaltyRule = loyaltyRule(rule.event, {
        points: rule.points,
        maxPerCustomer: rule.maxPerCustomer,
        ...('minRating' in rule ? { minRating: rule.minRating } : {}),
        ...('requiredPurchases' in rule ? { requiredPurchases: rule.requiredPurchases } : {}),
        ...('minOrderTotal' in rule ? { minOrderTotal: rule.minOrderTotal } : {}),
      });
      savedRules.set(saved.event, saved);
      return HttpResponse.json(loyaltyRuleBody(saved));
    }),
  );
  return sent;
}

async function openScreen(setup: Setup = {}) {
  signIn();
  answerScreen(setup);
  const view = renderApp('/setpoints');
  await screen.findByTestId('collection-methods');
  return view;
}

async function openMethod(user: ReturnType<typeof renderApp>['user'], name: string) {
  await user.click(screen.getByRole('button', { name: `تعديل ${name}` }));
  return screen.findByRole('dialog', { name: `طريقة جمع النقاط: ${name}` });
}

describe('/setpoints', () => {
  test('the subscription banner shows only while the subscription is active', async () => {
    await openScreen({ store: { subscriptionStatus: 'active' } });
    expect(await screen.findByTestId('subscription-banner')).toHaveTextContent('اشتراكك نشط');
  });

  test.each([
    ['expired', '2030-06-30T21:00:00.000Z'],
    ['trial', '2030-06-30T21:00:00.000Z'],
    ['active', '2020-01-01T00:00:00.000Z'],
    ['active', null],
  ] as const)('no banner for a %s subscription ending %s', async (subscriptionStatus, expiry) => {
    await openScreen({ store: { subscriptionStatus, subscriptionExpiryDate: expiry } });
    expect(screen.queryByTestId('subscription-banner')).not.toBeInTheDocument();
  });

  test('lists the six methods with their active/inactive marks and points; points per riyal has its own card', async () => {
    await openScreen({
      rules: {
        'order.created': { points: 50, minOrderTotal: 100 },
        product_review: { points: 20, minRating: 4, maxPerCustomer: 3 },
      },
    });
    const methods = screen
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('data-testid')?.startsWith('method-'));
    // The spec's six and the ways to earn beyond buying (decision 052).
    expect(methods).toHaveLength(12);
    const purchase = screen.getByTestId('method-order.created');
    expect(within(purchase).getByText('مفعّل')).toBeInTheDocument();
    expect(purchase).toHaveTextContent('50');
    expect(purchase).toHaveTextContent(/الطلبات من/);
    const review = screen.getByTestId('method-product_review');
    expect(review).toHaveTextContent('تقييم 4 نجوم فأكثر');
    expect(review).toHaveTextContent('حتى 3 مرات لكل عميل');
    expect(within(screen.getByTestId('method-birthday')).getByText('غير مفعّل')).toBeInTheDocument();
    expect(screen.queryByTestId('method-purchase_amount')).not.toBeInTheDocument();
    expect(screen.getByTestId('programme-status')).toHaveTextContent('2 / 13');
  });

  test('a method that is off opens with 30 points and saves with a 3-second success toast', async () => {
    const { user } = await openScreen();
    const sent = recordRuleSaves();
    const dialog = await openMethod(user, 'عيد الميلاد');
    expect(within(dialog).getByLabelText('النقاط')).toHaveValue('30');
    expect(within(dialog).queryByRole('button', { name: 'إيقاف الطريقة' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent).toEqual([{ event: 'birthday', points: 30, maxPerCustomer: null }]),
    );
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('حُفظت طريقة «عيد الميلاد»: 30 نقطة.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // It leaves by itself; that it stays the full 3 s is counted on a fake clock in toast.test.tsx.
    await waitForElementToBeRemoved(() => screen.queryByTestId('toast'), { timeout: 5000 });
  });

  test.each(['abc', '12abc', '', '0', '-5', '1.5'])(
    'a points value of "%s" is a field error and saves nothing (decision 020)',
    async (typed) => {
      const { user } = await openScreen({ rules: { signup: { points: 10 } } });
      const sent = recordRuleSaves();
      const dialog = await openMethod(user, 'التسجيل');
      const points = within(dialog).getByLabelText('النقاط');
      await user.clear(points);
      if (typed) await user.type(points, typed);
      await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
      expect(points).toHaveAttribute('aria-invalid', 'true');
      expect(
        within(dialog).getByText(
          'أدخل عددًا صحيحًا من النقاط، 1 أو أكثر. لإيقاف هذه الطريقة استخدم مفتاحها.',
        ),
      ).toBeInTheDocument();
      expect(sent).toEqual([]);
      expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
      expect(within(screen.getByTestId('method-signup')).getByText('مفعّل')).toBeInTheDocument();
    },
  );

  test('Arabic-Indic digits count as numbers', async () => {
    const { user } = await openScreen();
    const sent = recordRuleSaves();
    const dialog = await openMethod(user, 'التسجيل');
    const points = within(dialog).getByLabelText('النقاط');
    await user.clear(points);
    await user.type(points, '٤٥');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent).toEqual([{ event: 'signup', points: 45, maxPerCustomer: null }]),
    );
  });

  test('each method shows its own field with its default and bounds', async () => {
    const { user } = await openScreen();
    const sent = recordRuleSaves();

    let dialog = await openMethod(user, 'تقييم المنتج');
    expect(within(dialog).getByLabelText('أقل تقييم')).toHaveValue('1');
    expect(within(dialog).getAllByRole('option')).toHaveLength(5);
    await user.selectOptions(within(dialog).getByLabelText('أقل تقييم'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        event: 'product_review',
        points: 30,
        minRating: 4,
        maxPerCustomer: null,
      }),
    );

    dialog = await openMethod(user, 'تكرار الشراء');
    const purchases = within(dialog).getByLabelText('عدد الطلبات للحصول على النقاط الإضافية');
    expect(purchases).toHaveValue('1');
    await user.clear(purchases);
    await user.type(purchases, '0');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('أدخل 1 أو أكثر')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    await user.keyboard('{Escape}');

    dialog = await openMethod(user, 'الشراء');
    const total = within(dialog).getByLabelText('الحد الأدنى لقيمة الطلب (ريال)');
    expect(total).toHaveValue('0');
    await user.clear(total);
    await user.type(total, '-5');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('أدخل 0 أو أكثر')).toBeInTheDocument();
    await user.clear(total);
    await user.type(total, '150');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        event: 'order.created',
        points: 30,
        minOrderTotal: 150,
        maxPerCustomer: null,
      }),
    );
  });

  test('the per-customer cap is sent when it is ticked (the spec forgot it)', async () => {
    const { user } = await openScreen();
    const sent = recordRuleSaves();
    const dialog = await openMethod(user, 'تقييم الطلب');
    const capToggle = within(dialog).getByRole('checkbox', {
      name: 'تحديد عدد المرات التي يكسب فيها العميل الواحد من هذه الطريقة',
    });
    expect(capToggle).not.toBeChecked();
    await user.click(capToggle);
    const cap = within(dialog).getByLabelText('عدد المرات لكل عميل');
    expect(cap).toHaveValue('1');
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByText('أدخل 1 أو أكثر')).toBeInTheDocument();
    await user.clear(cap);
    await user.type(cap, '3');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { event: 'order_review', points: 30, minRating: 1, maxPerCustomer: 3 },
      ]),
    );
    expect(await screen.findByTestId('method-order_review')).toHaveTextContent(
      'حتى 3 مرات لكل عميل',
    );
  });

  test("a method's switch turns it off, keeping its conditions; Undo gives its points back", async () => {
    const { user } = await openScreen({
      rules: { repeat_purchase: { points: 40, requiredPurchases: 3, maxPerCustomer: 2 } },
    });
    const sent = recordRuleSaves();
    const card = screen.getByTestId('method-repeat_purchase');
    await user.click(within(card).getByRole('switch', { name: 'كسب النقاط من تكرار الشراء' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { event: 'repeat_purchase', points: 0, requiredPurchases: 3, maxPerCustomer: 2 },
      ]),
    );
    const { toast, button: undo } = await findToastAction('تراجع');
    expect(toast).toHaveTextContent(
      'أُوقفت طريقة «تكرار الشراء»: لم يعد العملاء يكسبون منها نقاطًا.',
    );
    await waitFor(() => expect(within(card).getByText('غير مفعّل')).toBeInTheDocument());

    await user.click(undo);
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({
        event: 'repeat_purchase',
        points: 40,
        requiredPurchases: 3,
        maxPerCustomer: 2,
      }),
    );
    await waitFor(() => expect(within(card).getByText('مفعّل')).toBeInTheDocument());
  });

  test('switching a method on opens it to choose its points', async () => {
    const { user } = await openScreen();
    const card = screen.getByTestId('method-birthday');
    await user.click(within(card).getByRole('switch', { name: 'كسب النقاط من عيد الميلاد' }));
    const dialog = await screen.findByRole('dialog', { name: 'طريقة جمع النقاط: عيد الميلاد' });
    expect(within(dialog).getByLabelText('النقاط')).toHaveValue('30');
  });

  test('the purchase rule comes first and is marked as the main one', async () => {
    await openScreen();
    const methods = screen
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('data-testid')?.startsWith('method-'));
    expect(methods[0]).toHaveAttribute('data-testid', 'method-order.created');
    expect(methods[0]).toHaveTextContent('القاعدة الأساسية');
  });

  test('failures show the spec’s alerts and keep the dialog open', async () => {
    const { user } = await openScreen({ rules: { signup: { points: 10 } } });
    recordRuleSaves(500);
    const dialog = await openMethod(user, 'التسجيل');
    await user.click(within(dialog).getByRole('button', { name: 'حفظ' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('تعذّر حفظ الإعدادات');
    await user.click(within(dialog).getByRole('button', { name: 'إلغاء' }));
    const card = screen.getByTestId('method-signup');
    await user.click(within(card).getByRole('switch'));
    expect(await within(card).findByRole('alert')).toHaveTextContent('تعذّر تغيير الطريقة');
    expect(within(card).getByText('مفعّل')).toBeInTheDocument();
  });

  test('in English the alerts and labels are English', async () => {
    await i18n.changeLanguage('en');
    const { user } = await openScreen({ rules: { signup: { points: 10 } } });
    recordRuleSaves(500);
    await user.click(screen.getByRole('button', { name: 'Edit Sign-up' }));
    const dialog = await screen.findByRole('dialog', { name: 'Way to collect points: Sign-up' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to save settings');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const card = screen.getByTestId('method-signup');
    await user.click(within(card).getByRole('switch', { name: 'Earn points for Sign-up' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(
      'Failed to change the method. Please try again.',
    );
  });

  test('the programme can be paused (after confirming) and resumed', async () => {
    const { user } = await openScreen();
    const sent: unknown[] = [];
    server.use(
      http.put('/api/loyalty/programme', async ({ request }) => {
        const body = UpdateProgrammeStatusRequestSchema.parse(await request.json());
        sent.push(body);
        return HttpResponse.json(programmeBody(body.enabled));
      }),
    );
    const card = await screen.findByTestId('programme-status');
    expect(card).toHaveTextContent('يعمل');
    await user.click(within(card).getByRole('button', { name: 'إيقاف البرنامج مؤقتًا' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'إيقاف برنامج النقاط مؤقتًا؟' });
    await user.click(within(confirm).getByRole('button', { name: 'إيقاف البرنامج مؤقتًا' }));
    await waitFor(() => expect(card).toHaveTextContent('متوقف مؤقتًا'));
    expect(sent).toEqual([{ enabled: false }]);
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'أُوقف برنامج النقاط مؤقتًا: لا يكسب العملاء نقاطًا ولا يستبدلونها حتى تستأنفه.',
    );

    await user.click(within(card).getByRole('button', { name: 'استئناف البرنامج' }));
    await waitFor(() => expect(card).toHaveTextContent('يعمل'));
    expect(sent).toEqual([{ enabled: false }, { enabled: true }]);
  });

  test('a failed pause says so and leaves the programme running', async () => {
    const { user } = await openScreen();
    server.use(
      http.put('/api/loyalty/programme', () =>
        HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 }),
      ),
    );
    const card = await screen.findByTestId('programme-status');
    await user.click(within(card).getByRole('button', { name: 'إيقاف البرنامج مؤقتًا' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'إيقاف البرنامج مؤقتًا' }));
    expect(await within(confirm).findByRole('alert')).toHaveTextContent('تعذّر تغيير حالة البرنامج');
    expect(card).toHaveTextContent('يعمل');
  });

  test('a paused programme and a lapsed subscription are explained on the card', async () => {
    await openScreen({ enabled: false, store: { subscriptionStatus: 'expired' } });
    const card = await screen.findByTestId('programme-status');
    expect(card).toHaveTextContent('لا يجمع العملاء نقاطًا ولا يستطيعون استبدال المكافآت');
    expect(card).toHaveTextContent('اشتراكك غير نشط');
  });

  test.each([
    ['a paused programme', { enabled: false }],
    [
      'an inactive subscription',
      { store: { subscriptionStatus: 'expired' as const, isEarning: false } },
    ],
    ['a store to reinstall', { store: { needsReinstall: true } }],
  ])('with %s the switched-on methods and rewards say nothing is earned now', async (_, setup) => {
    await openScreen({ rules: { 'order.created': { points: 50 } }, rewards: [reward()], ...setup });
    const purchase = screen.getByTestId('method-order.created');
    expect(await within(purchase).findByText('مفعّل، لا يكسب الآن')).toBeInTheDocument();
    expect(within(purchase).queryByText('مفعّل')).not.toBeInTheDocument();
    expect(within(purchase).getByText('لا يكسب نقاطًا الآن')).toBeInTheDocument();
    expect(within(purchase).queryByText('يكسب نقاطًا')).not.toBeInTheDocument();
    // A method that is off stays plainly off.
    expect(within(screen.getByTestId('method-birthday')).getByText('غير مفعّل')).toBeInTheDocument();
    expect(await screen.findAllByText('مفعّلة، الاستبدال متوقف')).not.toHaveLength(0);
    expect(screen.queryByText('مفعّلة', { exact: true })).not.toBeInTheDocument();
  });

  test('an earning store marks its switched-on methods and rewards active', async () => {
    await openScreen({ rules: { 'order.created': { points: 50 } }, rewards: [reward()] });
    const purchase = screen.getByTestId('method-order.created');
    expect(await within(purchase).findByText('مفعّل')).toBeInTheDocument();
    expect(screen.queryByText('مفعّل، لا يكسب الآن')).not.toBeInTheDocument();
    expect(await screen.findAllByText('مفعّلة', { exact: true })).not.toHaveLength(0);
  });

  test('the server down is one error box with one retry, not one per section', async () => {
    signIn();
    let down = true;
    const answer = (body: () => object) =>
      down
        ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
        : HttpResponse.json(body() as Record<string, unknown>);
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/loyalty', () => answer(() => loyaltyRulesBody())),
      http.get('/api/loyalty/programme', () => answer(() => programmeBody())),
      http.get('/api/rewards', () => answer(() => rewardsBody())),
    );
    const { user } = renderApp('/setpoints');
    const retry = await screen.findByRole('button', { name: /إعادة المحاولة/ });
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /إعادة المحاولة/ })).toHaveLength(1);
    down = false;
    await user.click(retry);
    expect(await screen.findByTestId('collection-methods')).toBeInTheDocument();
    expect(await screen.findByTestId('programme-status')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a 401 clears the session and opens /login', async () => {
    signIn();
    answerScreen();
    server.use(
      http.get('/api/loyalty', () =>
        HttpResponse.json(errorBody('SESSION_EXPIRED'), { status: 401 }),
      ),
    );
    const { router } = renderApp('/setpoints');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  test('a failed load of the methods shows an error with a working retry', async () => {
    signIn();
    answerScreen();
    let calls = 0;
    server.use(
      http.get('/api/loyalty', () => {
        calls += 1;
        return calls === 1
          ? new HttpResponse(null, { status: 503 })
          : HttpResponse.json(loyaltyRulesBody());
      }),
    );
    const { user } = renderApp('/setpoints');
    const section = (await screen.findByRole('heading', { name: 'طرق جمع النقاط' })).closest(
      'section',
    )!;
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('تعذّر تحميل طرق جمع النقاط');
    await user.click(within(alert).getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByTestId('collection-methods')).toBeInTheDocument();
  });
});
