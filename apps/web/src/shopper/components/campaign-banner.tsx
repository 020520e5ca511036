import { useState } from 'react';
import type { Language, RunningCampaign } from '@nuqat/contracts';
import { type Translator, useI18n } from '../lib/i18n';
import { formatMultiplier, formatNumber } from '../lib/format';

/**
 * The campaigns running now (issue 29): "Double points until Thursday" above the balance. The end
 * reads as a weekday while it is less than a week away, else as a date — in Riyadh time, like
 * every date of the page. Intl only: no date library in the shopper's bundle.
 */
const DAY = 86_400_000;
const RIYADH_OFFSET = 3 * 3_600_000;
// Gregorian like the page's history dates (ar-SA alone may mean the Hijri calendar).
const LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn-ca-gregory', en: 'en-US' };

/** The Riyadh calendar day of an instant, as a day number. */
const riyadhDay = (ms: number) => Math.floor((ms + RIYADH_OFFSET) / DAY);

/**
 * The campaign's last day: a window ending at 00:00 ends on the day before. Beyond the week, the
 * date with the month in words ("17 ديسمبر 2026", "Dec 17, 2026"), Gregorian.
 */
export function campaignEnd(endsAt: string, now: number, language: Language): string {
  const last = Date.parse(endsAt) - 1;
  const within = riyadhDay(last) - riyadhDay(now) < 7;
  return new Intl.DateTimeFormat(LOCALES[language], {
    timeZone: 'Asia/Riyadh',
    ...(within ? { weekday: 'long' } : { dateStyle: language === 'ar' ? 'long' : 'medium' }),
  }).format(last);
}

export function campaignText(campaign: RunningCampaign, now: number, i18n: Translator): string {
  const end = campaignEnd(campaign.endsAt, now, i18n.language);
  if (campaign.effect === 'bonus')
    return i18n.t('campaign.bonus', {
      points: formatNumber(campaign.bonusPoints, i18n.language),
      end,
    });
  if (campaign.effect === 'products' && campaign.categoryNames.length > 0)
    return i18n.t('campaign.categories', {
      multiplier: formatMultiplier(campaign.multiplierPct, i18n.language),
      // "Perfumes, Oud and chosen products" in the page's language.
      categories: new Intl.ListFormat(LOCALES[i18n.language], { type: 'conjunction' }).format([
        ...campaign.categoryNames,
        ...(campaign.chosenProducts ? [i18n.t('campaign.chosenProducts')] : []),
      ]),
      end,
    });
  if (campaign.effect === 'products')
    return i18n.t('campaign.products', {
      multiplier: formatMultiplier(campaign.multiplierPct, i18n.language),
      end,
    });
  if (campaign.multiplierPct === 200) return i18n.t('campaign.double', { end });
  return i18n.t('campaign.multiplier', {
    multiplier: formatMultiplier(campaign.multiplierPct, i18n.language),
    end,
  });
}

export function CampaignBanner({
  campaigns,
  now: nowProp,
}: {
  campaigns: RunningCampaign[];
  now?: number;
}) {
  const i18n = useI18n();
  // The time the page opened: the banner reads the same on every render.
  const [opened] = useState(() => Date.now());
  const now = nowProp ?? opened;
  if (campaigns.length === 0) return null;
  return (
    <section
      aria-label={i18n.t('campaign.label')}
      className="divide-y divide-amber-300/70 rounded-2xl bg-amber-100 px-4 py-1 text-amber-950 dark:divide-amber-700/60 dark:bg-amber-900/40 dark:text-amber-50"
    >
      {campaigns.map((campaign, index) => (
        <div key={index} data-testid="campaign-banner" className="py-3">
          <p className="font-bold">{campaignText(campaign, now, i18n)}</p>
          <p className="text-sm">
            {i18n.language === 'ar' ? campaign.nameAr : campaign.nameEn}
            {campaign.conditional || campaign.minOrderTotal > 0
              ? ` · ${i18n.t('campaign.conditions')}`
              : ''}
          </p>
        </div>
      ))}
    </section>
  );
}
