import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, test } from 'vitest';
import type { ShopperTier } from '@nuqat/contracts';
import { server } from '../../testing/server';
import { formatDate } from '../lib/format';
import { ar } from '../locales/ar';
import { LOYALTY_URL, MERCHANT_ID, loyaltyBody, reward } from '../testing/fixtures';
import { renderSignedIn } from '../testing/render-page';

afterEach(() => {
  document.documentElement.lang = 'ar';
  document.documentElement.dir = 'rtl';
});

const SILVER = '00000000-0000-4000-8000-0000000000b1';
const GOLD = '00000000-0000-4000-8000-0000000000b2';

function shopperTier(overrides: Partial<ShopperTier> = {}, english = false): ShopperTier {
  const silver = {
    id: SILVER,
    name: english ? 'Silver' : 'الفضي',
    colour: '#64748b',
    multiplierPct: 125,
    birthdayMultiplierPct: 200,
    threshold: 500,
  };
  const gold = {
    id: GOLD,
    name: english ? 'Gold' : 'الذهبي',
    colour: '#ca8a04',
    multiplierPct: 150,
    birthdayMultiplierPct: null,
    threshold: 2000,
  };
  return {
    basis: 'spend',
    window: 'rolling_12_months',
    value: 1880,
    current: silver,
    next: { ...gold, remaining: 120 },
    graceEndsAt: null,
    levels: [silver, gold],
    ...overrides,
  };
}

function serve(body: unknown) {
  server.use(http.get(LOYALTY_URL, () => HttpResponse.json(body as Record<string, unknown>)));
}

describe('the shopper’s VIP tier', () => {
  test('the tier card shows the tier, its perks, the way to the next tier and the ladder (ar)', async () => {
    serve(
      loyaltyBody({
        tier: shopperTier(),
        rewards: [
          reward({
            id: '00000000-0000-4000-8000-0000000000c1',
            name: 'هدية الفضي',
            minTier: { id: SILVER, name: 'الفضي', colour: '#64748b' },
          }),
        ],
      }),
    );
    renderSignedIn();
    const card = await screen.findByTestId('tier-card');
    expect(within(card).getByRole('heading', { name: 'الفضي' })).toBeInTheDocument();
    expect(card).toHaveTextContent('نقاط مضاعفة ×1.25 على كل ما تكسبه');
    expect(card).toHaveTextContent('نقاط عيد ميلادك مضاعفة ×2');
    expect(card).toHaveTextContent('هدية الفضي');
    expect(within(card).getByTestId('tier-progress')).toHaveTextContent(
      '120 ر.س أخرى للوصول إلى الذهبي',
    );
    const ladder = within(card).getByTestId('tier-ladder');
    expect(within(ladder).getAllByRole('listitem')).toHaveLength(2);
    expect(within(ladder).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    expect(within(card).queryByTestId('tier-grace')).not.toBeInTheDocument();
  });

  test('in English the progress reads "120 SAR more to Gold"; points take their plural forms', async () => {
    serve(loyaltyBody({ tier: shopperTier({}, true) }));
    const first = renderSignedIn({ search: `?merchantId=${MERCHANT_ID}&lang=en` });
    expect(await screen.findByTestId('tier-progress')).toHaveTextContent('120 SAR more to Gold');
    first.unmount();

    serve(
      loyaltyBody({
        tier: shopperTier({
          basis: 'points',
          next: { ...shopperTier().next!, remaining: 3 },
        }),
      }),
    );
    renderSignedIn();
    expect(await screen.findByTestId('tier-progress')).toHaveTextContent(
      '3 نقاط أخرى للوصول إلى الذهبي',
    );
  });

  test('below the tier, the grace notice says until when the tier is kept', async () => {
    const graceEndsAt = '2027-01-15T09:00:00.000Z';
    serve(loyaltyBody({ tier: shopperTier({ value: 300, graceEndsAt }) }));
    renderSignedIn();
    const grace = await screen.findByTestId('tier-grace');
    expect(grace).toHaveTextContent('دون عتبة الفضي');
    expect(grace).toHaveTextContent(formatDate(graceEndsAt, 'ar'));
  });

  test('at the top tier there is no next step; without tiers there is no card', async () => {
    serve(loyaltyBody({ tier: shopperTier({ next: null }) }));
    const view = renderSignedIn();
    expect(await screen.findByTestId('tier-progress')).toHaveTextContent(ar['tier.top']);
    view.unmount();

    serve(loyaltyBody({ tier: null }));
    renderSignedIn();
    await screen.findByRole('region', { name: ar['balance.label'] });
    expect(screen.queryByTestId('tier-card')).not.toBeInTheDocument();
  });

  test('a reward locked to a higher tier shows its tier and cannot be redeemed', async () => {
    serve(
      loyaltyBody({
        availablePoints: 10_000,
        tier: shopperTier(),
        rewards: [
          reward({
            id: '00000000-0000-4000-8000-0000000000c2',
            name: 'شحن مجاني للذهبي',
            minTier: { id: GOLD, name: 'الذهبي', colour: '#ca8a04' },
            locked: true,
          }),
        ],
      }),
    );
    renderSignedIn();
    const item = (await screen.findByRole('heading', { name: 'شحن مجاني للذهبي' })).closest(
      'article',
    )!;
    expect(within(item).getByTestId('reward-tier')).toHaveTextContent(
      'لعملاء مستوى الذهبي وما فوقه',
    );
    const redeem = within(item).getByRole('button', { name: /مقفلة/ });
    expect(redeem).toBeDisabled();
  });
});
