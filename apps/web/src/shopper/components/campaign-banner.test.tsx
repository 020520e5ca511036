import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Language, RunningCampaign } from '@nuqat/contracts';
import { I18nContext, createTranslator } from '../lib/i18n';
import { CampaignBanner } from './campaign-banner';

// Monday 2026-11-23 12:00 in Riyadh.
const NOW = Date.parse('2026-11-23T09:00:00Z');

function campaign(overrides: Partial<RunningCampaign> = {}): RunningCampaign {
  return {
    nameAr: 'أسبوع الجمعة البيضاء',
    nameEn: 'White Friday week',
    effect: 'multiplier',
    multiplierPct: 200,
    bonusPoints: 0,
    minOrderTotal: 0,
    // Friday 00:00 in Riyadh: the last day is Thursday.
    endsAt: '2026-11-26T21:00:00.000Z',
    conditional: false,
    productIds: [],
    categoryNames: [],
    chosenProducts: false,
    ...overrides,
  };
}

function texts(language: Language, campaigns: RunningCampaign[]): string[] {
  render(
    <I18nContext.Provider value={createTranslator(language)}>
      <CampaignBanner campaigns={campaigns} now={NOW} />
    </I18nContext.Provider>,
  );
  return screen.getAllByTestId('campaign-banner').map((el) => el.textContent ?? '');
}

describe('CampaignBanner', () => {
  test('English: double, ×1.5, a bonus, and a date beyond a week', () => {
    expect(
      texts('en', [
        campaign(),
        campaign({ multiplierPct: 150, endsAt: '2026-11-24T20:59:00.000Z' }),
        campaign({ effect: 'bonus', multiplierPct: 100, bonusPoints: 50, conditional: true }),
        campaign({ endsAt: '2026-12-10T21:00:00.000Z' }),
        campaign({ endsAt: '2027-01-05T21:00:00.000Z' }),
        campaign({ effect: 'products', productIds: [7] }),
        campaign({ effect: 'products', productIds: [7, 8], categoryNames: ['Perfumes'] }),
        campaign({
          effect: 'products',
          productIds: [7, 8, 9],
          categoryNames: ['Perfumes', 'Oud'],
          chosenProducts: true,
        }),
      ]),
    ).toEqual([
      'Double points until ThursdayWhite Friday week',
      '×1.5 points until TuesdayWhite Friday week',
      '+50 bonus points per order until ThursdayWhite Friday week · Conditions apply',
      'Double points until Dec 10, 2026White Friday week',
      'Double points until Jan 5, 2027White Friday week',
      '×2 points on chosen products until ThursdayWhite Friday week',
      '×2 points on Perfumes until ThursdayWhite Friday week',
      '×2 points on Perfumes, Oud, and chosen products until ThursdayWhite Friday week',
    ]);
  });

  test('Arabic: نقاط مضاعفة حتى الخميس', () => {
    expect(
      texts('ar', [
        campaign(),
        campaign({ effect: 'bonus', multiplierPct: 100, bonusPoints: 50, minOrderTotal: 200 }),
        campaign({ endsAt: '2026-12-17T21:00:00.000Z' }),
        campaign({ effect: 'products', multiplierPct: 300, productIds: [7] }),
        campaign({ effect: 'products', productIds: [7], categoryNames: ['العطور'] }),
      ]),
    ).toEqual([
      'نقاط مضاعفة حتى الخميسأسبوع الجمعة البيضاء',
      '+50 نقطة إضافية لكل طلب حتى الخميسأسبوع الجمعة البيضاء · تطبق شروط',
      'نقاط مضاعفة حتى 17 ديسمبر 2026أسبوع الجمعة البيضاء',
      'نقاط ×3 على منتجات مختارة حتى الخميسأسبوع الجمعة البيضاء',
      'نقاط ×2 على العطور حتى الخميسأسبوع الجمعة البيضاء',
    ]);
  });

  test('nothing running: no banner', () => {
    const { container } = render(
      <I18nContext.Provider value={createTranslator('en')}>
        <CampaignBanner campaigns={[]} now={NOW} />
      </I18nContext.Provider>,
    );
    expect(container.textContent).toBe('');
  });
});
