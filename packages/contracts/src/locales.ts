export const LANGUAGES = {
  ar: { dir: 'rtl', label: 'العربية' },
  en: { dir: 'ltr', label: 'English' },
} as const;
export type Language = keyof typeof LANGUAGES;
/** The languages as a list (the `customers.language` column takes these). */
export const LANGUAGE_CODES = ['ar', 'en'] as const satisfies readonly Language[];
export const DEFAULT_LANGUAGE: Language = 'ar';

export function isLanguage(value: unknown): value is Language {
  return value === 'ar' || value === 'en';
}

/** Browser storage keys (spec §3). Other screens and tests rely on these exact names. */
export const STORAGE_KEYS = {
  token: 'token',
  merchantId: 'merchantId',
  merchantName: 'merchantName',
  sessionTimestamp: 'sessionTimestamp',
  customerToken: 'customerToken',
  language: 'language',
  darkMode: 'darkMode',
} as const;

/** UI timing constants (spec §9). */
export const UI_TIMING = {
  resetReturnDelayMs: 2000,
  toastMs: 3000,
  dashboardTimeoutMs: 15000,
  analyticsTimeoutMs: 15000,
  customerLoyaltyTimeoutMs: 10000,
  customerDataWaitMs: 3000,
} as const;

/**
 * Support facts that are the same for every deployment. The contact details (e-mail, phone,
 * WhatsApp, the app's listing) are configuration: `GET /api/support` (SupportContactsSchema),
 * hidden where unset — never placeholders shown as ours.
 */
export const SUPPORT = {
  hours: { from: 9, to: 17 },
  sallaSite: 'https://salla.sa',
  /** Salla's App Store, where a store subscribes: the fallback for the app's own listing. */
  sallaAppStore: 'https://apps.salla.sa',
} as const;
