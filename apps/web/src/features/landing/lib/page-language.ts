import { isLanguage, type Language } from '@nuqat/contracts';

/**
 * The landing page has one address per language for search engines and shared links
 * (`/?lang=ar`, `/?lang=en`; hreflang in landing.html). Without the parameter the saved
 * preference (or Arabic) applies.
 */
export const LANGUAGE_PARAM = 'lang';

export function languageFromUrl(search: string): Language | null {
  const value = new URLSearchParams(search).get(LANGUAGE_PARAM);
  return isLanguage(value) ? value : null;
}

/**
 * After a switch, an address that names a language must name the new one, or a reload would
 * undo the visitor's choice. Returns the address to put in history, or null to leave it alone.
 */
export function urlForLanguage(href: string, language: Language): string | null {
  const url = new URL(href);
  if (!url.searchParams.has(LANGUAGE_PARAM)) return null;
  url.searchParams.set(LANGUAGE_PARAM, language);
  return `${url.pathname}${url.search}${url.hash}`;
}
