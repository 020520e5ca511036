import type { Language } from '@nuqat/contracts';

/**
 * A reward's name and description in the shopper's language (docs/decisions/035): English when
 * the merchant wrote it, else the Arabic (the page shows names `dir="auto"`, so an Arabic name on
 * an English page still reads right to left).
 */
export function rewardName(
  reward: { name: string; nameEn?: string | null },
  lang: Language,
): string {
  return (lang === 'en' && reward.nameEn) || reward.name;
}

export function rewardDescription(
  reward: { description: string; descriptionEn?: string | null },
  lang: Language,
): string {
  return (lang === 'en' && reward.descriptionEn) || reward.description;
}
