import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import { ERROR_MESSAGES, TiersRequestSchema, type TiersConfig } from '@nuqat/contracts';
import {
  errorBody,
  signIn,
  storeInfoBody,
  tier,
  tiersBody,
  tiersPreviewBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

/** The mocked tiers API: GET, PUT (answering what was saved) and the preview; calls recorded. */
function tiersApi(config: Partial<TiersConfig> = {}, { save }: { save?: () => Response } = {}) {
  const puts: unknown[] = [];
  const previews: unknown[] = [];
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/tiers', () => HttpResponse.json(tiersBody(config))),
    http.post('/api/tiers/preview', async ({ request }) => {
      const body = TiersRequestSchema.parse(await request.json());
      previews.push(body);
      // 10 customers per tier from the lowest, the rest in none.
      return HttpResponse.json(
        tiersPreviewBody({
          tiers: body.tiers.map((_, i) => 10 * (i + 1)),
          untiered: 40,
          total: 40 + body.tiers.reduce((sum, _, i) => sum + 10 * (i + 1), 0),
        }),
      );
    }),
    http.put('/api/tiers', async ({ request }) => {
      const raw = await request.json();
      puts.push(raw);
      if (save) return save();
      const body = TiersRequestSchema.parse(raw);
      return HttpResponse.json(
        tiersBody({
          ...body,
          tiers: body.tiers.map((t, i) => tier(i + 1, { ...t, id: t.id ?? tier(i + 1).id })),
        }),
      );
    }),
  );
  return { puts, previews };
}

const cards = () => screen.getAllByTestId('tier-card');

describe('the VIP tiers editor', () => {
  test('a merchant adds a tier, sees the preview per tier and saves what they typed', async () => {
    signIn();
    const api = tiersApi({ enabled: true, tiers: [tier(1, { customers: 12 })], untiered: 30 });
    const { user } = renderApp('/tiers');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'مستويات كبار العملاء' }),
    ).toBeInTheDocument();
    expect(await screen.findAllByTestId('tier-card')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'إضافة مستوى' }));
    const gold = within(cards()[1]!);
    await user.type(gold.getByLabelText('الاسم بالعربية'), 'الذهبي');
    await user.type(gold.getByLabelText('الاسم بالإنجليزية'), 'Gold');
    await user.type(gold.getByLabelText('عتبة الدخول (ر.س منفَقة)'), '2000');
    await user.clear(gold.getByLabelText('مضاعف النقاط'));
    await user.type(gold.getByLabelText('مضاعف النقاط'), '1.25');
    expect(gold.getByText('يكسب العميل 25٪ نقاطًا إضافية على كل ما يكسبه.')).toBeInTheDocument();
    await user.type(gold.getByLabelText('مضاعف عيد الميلاد'), '٢');

    // The preview follows the draft once it rests: one bar per tier, highest first, then none.
    const preview = screen.getByTestId('tiers-preview');
    await waitFor(() =>
      expect(
        within(preview)
          .getAllByTestId('preview-row')
          .map((row) => row.textContent),
      ).toEqual([
        expect.stringMatching(/الذهبي.*20/),
        expect.stringMatching(/الفضي.*10/),
        expect.stringMatching(/بلا مستوى.*40/),
      ]),
    );
    expect(preview).toHaveTextContent('70 عميلًا في متجرك اليوم');

    await user.click(screen.getByRole('button', { name: 'حفظ المستويات' }));
    await waitFor(() => expect(api.puts).toHaveLength(1));
    expect(api.puts[0]).toEqual({
      enabled: true,
      basis: 'spend',
      window: 'rolling_12_months',
      graceDays: 30,
      tiers: [
        {
          id: tier(1).id,
          nameAr: 'الفضي',
          nameEn: 'Silver',
          colour: '#64748b',
          threshold: 500,
          multiplierPct: 110,
          birthdayMultiplierPct: null,
        },
        {
          nameAr: 'الذهبي',
          nameEn: 'Gold',
          colour: expect.stringMatching(/^#[0-9a-f]{6}$/),
          threshold: 2000,
          multiplierPct: 125,
          birthdayMultiplierPct: 200,
        },
      ],
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'حُفظت المستويات: مستويان مفعّلان، ويُنقل العملاء إليهما الآن.',
    );
    expect(screen.getByText('كل التعديلات محفوظة')).toBeInTheDocument();
  });

  test('what is not a number is a field error, never 0, and nothing is sent', async () => {
    signIn();
    const api = tiersApi({ enabled: true, tiers: [tier(1), tier(2)] });
    const { user } = renderApp('/tiers');
    await screen.findByTestId('tiers-editor');
    const silver = within(cards()[0]!);
    await user.clear(silver.getByLabelText('عتبة الدخول (ر.س منفَقة)'));
    await user.type(silver.getByLabelText('عتبة الدخول (ر.س منفَقة)'), 'abc');
    await user.clear(silver.getByLabelText('مضاعف النقاط'));
    await user.type(silver.getByLabelText('مضاعف النقاط'), '0.5');
    await user.clear(screen.getByLabelText('مهلة السماح (بالأيام)'));
    expect(screen.getByTestId('tiers-preview')).toHaveTextContent(
      'صحّح الحقول المعلّمة لتتحدّث المعاينة.',
    );

    await user.click(screen.getByRole('button', { name: 'حفظ المستويات' }));
    expect(await silver.findByText('هذا الحقل مطلوب')).toBeInTheDocument();
    expect(
      silver.getByText('أدخل مضاعفًا من 1 إلى 10، بمنزلتين عشريتين على الأكثر (مثل 1.25)'),
    ).toBeInTheDocument();
    expect(silver.getByLabelText('عتبة الدخول (ر.س منفَقة)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByLabelText('مهلة السماح (بالأيام)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.puts).toHaveLength(0);
  });

  test('a tier moves to its place by threshold; a threshold not above the one before is refused', async () => {
    signIn();
    const api = tiersApi({ tiers: [tier(1), tier(2)] });
    const { user } = renderApp('/tiers');
    await screen.findByTestId('tiers-editor');
    const gold = within(cards()[1]!);
    await user.clear(gold.getByLabelText('عتبة الدخول (ر.س منفَقة)'));
    await user.type(gold.getByLabelText('عتبة الدخول (ر.س منفَقة)'), '100');
    await user.tab();
    // Gold (100) now comes before Silver (500).
    await waitFor(() =>
      expect(within(cards()[0]!).getByLabelText('الاسم بالعربية')).toHaveValue('الذهبي'),
    );
    const silver = within(cards()[1]!);
    await user.clear(silver.getByLabelText('عتبة الدخول (ر.س منفَقة)'));
    await user.type(silver.getByLabelText('عتبة الدخول (ر.س منفَقة)'), '100');
    await user.click(screen.getByRole('button', { name: 'حفظ المستويات' }));
    expect(
      await screen.findByText('اجعل عتبة هذا المستوى أعلى من عتبة المستوى الذي قبله'),
    ).toBeInTheDocument();
    expect(api.puts).toHaveLength(0);
  });

  test('removing a tier rewards are reserved for: TIER_IN_USE says why and leads to the rewards', async () => {
    signIn();
    const api = tiersApi(
      { enabled: true, tiers: [tier(1), tier(2, { reservedRewards: 2 })] },
      {
        save: () =>
          HttpResponse.json(errorBody('TIER_IN_USE'), {
            status: 409,
          }),
      },
    );
    const { user } = renderApp('/tiers');
    await screen.findByTestId('tiers-editor');
    expect(within(cards()[1]!).getByText(/مكافأتان مخصّصتان لهذا المستوى/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'حذف المستوى 2' }));
    expect(cards()).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'حفظ المستويات' }));
    const alert = await screen.findByText('تعذّر حفظ المستويات');
    expect(alert.parentElement).toHaveTextContent(ERROR_MESSAGES.TIER_IN_USE.ar);
    expect(screen.getByRole('link', { name: /افتح المكافآت/ })).toHaveAttribute('href', '/rewards');
    expect(api.puts).toHaveLength(1);
    expect((api.puts[0] as { tiers: unknown[] }).tiers).toHaveLength(1);
  });

  test('a starter store sees what tiers do and where to upgrade', async () => {
    signIn();
    server.use(
      http.get('/api/merchants/store-info', () =>
        HttpResponse.json(storeInfoBody({ subscriptionPlan: 'starter' })),
      ),
      http.get('/api/tiers', () =>
        HttpResponse.json(errorBody('PLAN_FEATURE_REQUIRED'), { status: 403 }),
      ),
    );
    renderApp('/tiers');
    const prompt = await screen.findByTestId('tiers-upgrade');
    expect(prompt).toHaveTextContent('مستويات كبار العملاء من مزايا باقة النمو');
    expect(within(prompt).getByRole('link', { name: /الترقية من متجر تطبيقات سلة/ })).toBeVisible();
    expect(screen.queryByTestId('tiers-editor')).not.toBeInTheDocument();
  });

  test('a failed load shows one error box whose retry loads the editor', async () => {
    signIn();
    let fail = true;
    server.use(
      http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
      http.get('/api/tiers', () =>
        fail
          ? HttpResponse.json(errorBody('INTERNAL_ERROR'), { status: 500 })
          : HttpResponse.json(tiersBody()),
      ),
      http.post('/api/tiers/preview', () =>
        HttpResponse.json(tiersPreviewBody({ untiered: 5, total: 5 })),
      ),
    );
    const { user } = renderApp('/tiers');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'إعادة المحاولة' }));
    expect(await screen.findByTestId('tiers-editor')).toBeInTheDocument();
    expect(screen.getByText('لا مستويات بعد')).toBeInTheDocument();
  });
});
