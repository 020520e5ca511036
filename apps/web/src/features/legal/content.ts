import { EXPIRY_REMINDER_DAYS, type Language } from '@nuqat/contracts';
import { arabic } from './content-ar';
import { english } from './content-en';
import { formatDate, formatNumber } from '../../lib/format';

/** When these texts last changed (shown on the page). */
const LAST_UPDATED = '2026-11-26T12:00:00+03:00';

/**
 * The texts of /privacy and /terms (docs/decisions/044). They live beside the page, in its own
 * lazy chunk, instead of in the app's catalogues that every screen downloads. Every figure comes
 * from the constant the API enforces (contracts), so the page says what the product does.
 */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalTexts {
  chrome: {
    backHome: string;
    privacy: string;
    terms: string;
    lastUpdated: string;
    contents: string;
    operatorTitle: string;
    operatorName: string;
    operatorCr: string;
    operatorAddress: string;
    operatorEmail: string;
    operatorUnset: string;
  };
  privacy: { title: string; intro: string; sections: LegalSection[] };
  terms: { title: string; intro: string; sections: LegalSection[] };
}

export function legalTexts(language: Language): LegalTexts {
  const n = (value: number) => formatNumber(value, language);
  const reminders = EXPIRY_REMINDER_DAYS.map(n);
  const updated = formatDate(LAST_UPDATED, language);
  return language === 'ar' ? arabic(n, reminders, updated) : english(n, reminders, updated);
}

export type Num = (value: number) => string;
