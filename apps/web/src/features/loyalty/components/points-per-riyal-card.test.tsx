import { findToastAction } from '../../../testing/toast';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import {
  LoyaltyRulesResponseSchema,
  SaveLoyaltyRuleRequestSchema,
  type LoyaltyRule,
} from '@nuqat/contracts';
import { i18n } from '../../../lib/i18n';
import {
  errorBody,
  loyaltyRule,
  loyaltyRuleBody,
  loyaltyRulesBody,
  programmeBody,
  rewardsBody,
  signIn,
  storeInfoBody,
} from '../../../testing/mocks';
import { renderApp } from '../../../testing/render-app';
import { server } from '../../../testing/server';

let savedRules: Map<string, LoyaltyRule>;

/** The /setpoints API; POST /api/loyalty answers like the API (or with `status`) and records. */
async function openCard(rules: Parameters<typeof loyaltyRulesBody>[0] = {}, status = 200) {
  savedRules = new Map(loyaltyRulesBody(rules).data.map((rule) => [rule.event, rule]));
  const sent: unknown[] = [];
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/loyalty', () =>
      HttpResponse.json(
        LoyaltyRulesResponseSchema.parse({ success: true, data: [...savedRules.values()] }),
      ),
    ),
    http.get('/api/loyalty/programme', () => HttpResponse.json(programmeBody(true))),
    http.get('/api/rewards', () => HttpResponse.json(rewardsBody())),
    http.post('/api/loyalty', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      if (status !== 200)
        return HttpResponse.json(errorBody('VALIDATION_FAILED'), { status: status });
      const rule = SaveLoyaltyRuleRequestSchema.parse(body);
      if (rule.event !== 'purchase_amount') throw new Error('unexpected event');
      const saved = loyaltyRule('purchase_amount', {
        points: rule.points,
        spendUnit: rule.spendUnit,
        minOrderTotal: rule.minOrderTotal,
        maxPerCustomer: rule.maxPerCustomer,
      });
      savedRules.set(saved.event, saved);
      return HttpResponse.json(loyaltyRuleBody(saved));
    }),
  );
  signIn();
  const view = renderApp('/setpoints');
  const card = await screen.findByTestId('points-per-riyal');
  await waitFor(() => expect(within(card).getByLabelText('النقاط')).toBeEnabled());
  return { ...view, card, sent };
}

describe('points per riyal card', () => {
  test('off, it opens as 1 point per 1 SAR with numeric LTR fields; the switch asks in words, then turns it on', async () => {
    const { user, card, sent } = await openCard();
    expect(card).toHaveTextContent('غير مفعّل');
    const points = within(card).getByLabelText('النقاط');
    const unit = within(card).getByLabelText('لكل (ريال)');
    const min = within(card).getByLabelText('الحد الأدنى لقيمة الطلب (ريال)');
    expect(points).toHaveValue('1');
    expect(unit).toHaveValue('1');
    expect(min).toHaveValue('0');
    for (const input of [points, unit, min]) {
      expect(input).toHaveAttribute('inputmode', 'numeric');
      expect(input).toHaveAttribute('dir', 'ltr');
    }
    expect(within(card).getByTestId('per-riyal-example')).toHaveTextContent('250 نقطة');
    // One save model (issue 27): no Save while off; the switch turns it on, after a question.
    expect(
      within(card).queryByRole('button', { name: 'حفظ النقاط لكل ريال' }),
    ).not.toBeInTheDocument();
    await user.click(within(card).getByRole('switch', { name: 'تفعيل النقاط لكل ريال' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'تفعيل النقاط لكل ريال؟' });
    expect(confirm).toHaveTextContent('يكسب كل عميل نقطة واحدة عن كل');
    expect(sent).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'فعّل' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          event: 'purchase_amount',
          points: 1,
          spendUnit: 1,
          minOrderTotal: 0,
          maxPerCustomer: null,
        },
      ]),
    );
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'حُفظت النقاط لكل ريال: نقطة واحدة لكل 1 ريال.',
    );
    await waitFor(() => expect(card).toHaveTextContent('نقطة واحدة لكل 1 ريال'));
    expect(within(card).getByText('مفعّل')).toBeInTheDocument();
  });

  test('a unit of 0, an empty unit or a fraction shows the field’s error and sends nothing', async () => {
    const { user, card, sent } = await openCard();
    const unit = within(card).getByLabelText('لكل (ريال)');
    const save = within(card).getByRole('switch', { name: 'تفعيل النقاط لكل ريال' });

    await user.clear(unit);
    await user.type(unit, '0');
    await user.click(save);
    expect(await within(card).findByText('أدخل 1 أو أكثر')).toBeInTheDocument();
    expect(unit).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).queryByTestId('per-riyal-example')).not.toBeInTheDocument();

    await user.clear(unit);
    await user.click(save);
    expect(await within(card).findByText('هذا الحقل مطلوب')).toBeInTheDocument();

    await user.type(unit, '2.5');
    await user.click(save);
    expect(await within(card).findByText('أدخل عددًا صحيحًا بلا كسور')).toBeInTheDocument();

    const min = within(card).getByLabelText('الحد الأدنى لقيمة الطلب (ريال)');
    await user.clear(min);
    await user.type(min, '2000000');
    await user.click(save);
    expect(await within(card).findByText('أدخل 1,000,000 أو أقل')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  test('Arabic-Indic digits count; the example adds the fixed order points; turning off keeps the rate', async () => {
    const { user, card, sent } = await openCard({
      purchase_amount: { points: 2, spendUnit: 10, minOrderTotal: 0 },
      'order.created': { points: 20, minOrderTotal: 100 },
    });
    expect(card).toHaveTextContent('نقطتان لكل 10 ريال');
    // 250 SAR: floor(250 / 10) × 2 = 50, plus 20 for the order (250 ≥ 100).
    expect(within(card).getByTestId('per-riyal-example')).toHaveTextContent('50 نقطة');
    expect(within(card).getByTestId('per-riyal-example')).toHaveTextContent('70 نقطة');

    const unit = within(card).getByLabelText('لكل (ريال)');
    await user.clear(unit);
    await user.type(unit, '٣');
    // floor(250 / 3) × 2 = 166: rounded down.
    expect(within(card).getByTestId('per-riyal-example')).toHaveTextContent('166 نقطة');
    await user.click(within(card).getByRole('button', { name: 'حفظ النقاط لكل ريال' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ points: 2, spendUnit: 3 });

    await user.click(within(card).getByRole('switch', { name: 'تفعيل النقاط لكل ريال' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toEqual({
      event: 'purchase_amount',
      points: 0,
      spendUnit: 3,
      minOrderTotal: 0,
      maxPerCustomer: null,
    });
    expect(
      await screen.findByText(
        'أُوقفت النقاط لكل ريال: لم يعد العملاء يكسبون نقاطًا بحسب قيمة الطلب.',
      ),
    ).toBeInTheDocument();
  });

  test('points that are not a whole number of 1 or more save nothing; turning off offers Undo', async () => {
    const { user, card, sent } = await openCard({
      purchase_amount: { points: 2, spendUnit: 10, minOrderTotal: 0 },
    });
    const points = within(card).getByLabelText('النقاط');
    const save = within(card).getByRole('button', { name: 'حفظ النقاط لكل ريال' });
    for (const typed of ['abc', '0', '12abc']) {
      await user.clear(points);
      await user.type(points, typed);
      await user.click(save);
      expect(
        await within(card).findByText(
          'أدخل عددًا صحيحًا من النقاط، 1 أو أكثر. لإيقاف هذه الطريقة استخدم مفتاحها.',
        ),
      ).toBeInTheDocument();
    }
    expect(sent).toEqual([]);

    await user.clear(points);
    await user.type(points, '2');
    await user.click(within(card).getByRole('switch', { name: 'تفعيل النقاط لكل ريال' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ points: 0, spendUnit: 10 });
    await user.click((await findToastAction('تراجع')).button);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ points: 2, spendUnit: 10 });
  });

  test('a refused save says so in the card', async () => {
    const { user, card } = await openCard({}, 400);
    await user.click(within(card).getByRole('switch', { name: 'تفعيل النقاط لكل ريال' }));
    await user.click(await screen.findByRole('button', { name: 'فعّل' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('تعذّر حفظ النقاط لكل ريال');
  });

  test('in English the card reads left to right', async () => {
    await i18n.changeLanguage('en');
    const { card } = await openCardEnglish();
    expect(card).toHaveTextContent('Points per riyal');
    expect(card).toHaveTextContent('5 points per 20 SAR');
    expect(within(card).getByLabelText('Per (SAR)')).toHaveValue('20');
    expect(within(card).getByRole('button', { name: 'Save points per riyal' })).toBeEnabled();
  });
});

async function openCardEnglish() {
  server.use(
    http.get('/api/merchants/store-info', () => HttpResponse.json(storeInfoBody())),
    http.get('/api/loyalty', () =>
      HttpResponse.json(loyaltyRulesBody({ purchase_amount: { points: 5, spendUnit: 20 } })),
    ),
    http.get('/api/loyalty/programme', () => HttpResponse.json(programmeBody(true))),
    http.get('/api/rewards', () => HttpResponse.json(rewardsBody())),
  );
  signIn();
  renderApp('/setpoints');
  const card = await screen.findByTestId('points-per-riyal');
  await waitFor(() => expect(within(card).getByLabelText('Points')).toBeEnabled());
  return { card };
}
