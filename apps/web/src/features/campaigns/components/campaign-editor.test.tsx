import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, test } from 'vitest';
import type { Campaign } from '@nuqat/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { ToastProvider } from '../../../components/ui/toast';
import { i18n } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { server } from '../../../testing/server';
import { errorBody, loyaltyRulesBody, signIn } from '../../../testing/mocks';
import { emptyDraft } from '../lib/campaign-draft';
import { CampaignEditor } from './campaign-editor';

/**
 * The editor's categories choice (decision 061): a products campaign lists the store's categories
 * beside the products, says that products added at Salla later join on the next save, and sends
 * the chosen category ids; the server's `unknown_category` shows under the categories.
 */

const OUD = { id: 720881993, name: 'عطر العود' };
const PERFUMES = { id: 501, name: 'العطور' };
const GIFTS = { id: 502, name: 'بطاقات الهدايا' };

const draft = {
  ...emptyDraft(),
  nameAr: 'أسبوع العطور',
  nameEn: 'Perfume week',
  startsAt: '2030-12-01T00:00',
  endsAt: '2030-12-08T00:00',
  effect: 'products' as const,
};

function campaign(body: Record<string, unknown>): Campaign {
  return {
    id: '7b0f6f6e-3c6f-4a43-9d7e-6d3f3b4b1a11',
    nameAr: 'أسبوع العطور',
    nameEn: 'Perfume week',
    startsAt: '2030-12-01T00:00',
    endsAt: '2030-12-08T00:00',
    effect: 'products',
    multiplierPct: 200,
    bonusPoints: 0,
    minOrderTotal: 0,
    tierIds: [],
    firstOrderOnly: false,
    products: [{ id: OUD.id, name: OUD.name, categoryId: PERFUMES.id }],
    categories: [PERFUMES],
    status: 'scheduled',
    endedEarly: false,
    ...body,
  };
}

/** The editor alone, with the app's providers and API client. */
function renderWithProviders(ui: React.ReactElement) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup();
  return {
    ...render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <ToastProvider>{ui}</ToastProvider>
        </QueryClientProvider>
      </I18nextProvider>,
    ),
    user,
  };
}

function answerCatalogue() {
  server.use(
    http.get('/api/loyalty', () => HttpResponse.json(loyaltyRulesBody())),
    http.get('/api/campaigns/product-rules', () =>
      HttpResponse.json({ success: true, data: { rules: [], products: [OUD] } }),
    ),
    http.get('/api/campaigns/category-rules', () =>
      HttpResponse.json({ success: true, data: { categories: [PERFUMES, GIFTS] } }),
    ),
  );
}

describe('the campaign editor: categories', () => {
  test('a products campaign may name a category only: its id is sent', async () => {
    signIn();
    answerCatalogue();
    let sent: Record<string, unknown> | null = null;
    server.use(
      http.post('/api/campaigns', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ success: true, data: campaign({}), message: 'تم حفظ الحملة' });
      }),
    );
    const { user } = renderWithProviders(
      <CampaignEditor editing={null} initial={draft} onClose={() => {}} />,
    );
    const categories = await screen.findByTestId('campaign-categories');
    expect(categories).toHaveTextContent('تدخل الحملة حين تحفظها من جديد');
    await user.click(await within(categories).findByRole('checkbox', { name: PERFUMES.name }));
    expect(within(categories).getByRole('checkbox', { name: GIFTS.name })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'حفظ الحملة' }));
    await waitFor(() => expect(sent).not.toBeNull());
    expect(sent).toMatchObject({ effect: 'products', productIds: [], categoryIds: [PERFUMES.id] });
  });

  test('editing: the category is ticked, its products are not chosen one by one; the server’s refusal shows', async () => {
    signIn();
    answerCatalogue();
    server.use(
      http.put('/api/campaigns/:id', () =>
        HttpResponse.json(
          errorBody('VALIDATION_FAILED', {
            issues: [
              {
                path: 'body.categoryIds.0',
                code: 'unknown_category',
                message: 'Salla lists no such category in this store',
              },
            ],
          }),
          { status: 400 },
        ),
      ),
    );
    const editing = campaign({});
    const { user } = renderWithProviders(
      <CampaignEditor
        editing={editing}
        initial={{ ...draft, multiplier: '2', categoryIds: [PERFUMES.id] }}
        onClose={() => {}}
      />,
    );
    const categories = await screen.findByTestId('campaign-categories');
    expect(await within(categories).findByRole('checkbox', { name: PERFUMES.name })).toBeChecked();
    const products = screen.getByTestId('campaign-products');
    expect(await within(products).findByRole('checkbox', { name: OUD.name })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'حفظ الحملة' }));
    expect(await within(categories).findByRole('alert')).toHaveTextContent(
      'حتى 10 من تصنيفات متجرك',
    );
  });
});
