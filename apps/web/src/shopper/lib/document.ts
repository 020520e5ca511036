import type { STORAGE_KEYS } from '@nuqat/contracts';
import type { Translator } from './i18n';

// The contract's key, by type only (no runtime import of @nuqat/contracts here).
const DARK_MODE_KEY: (typeof STORAGE_KEYS)['darkMode'] = 'darkMode';

/** A saved choice (`darkMode` = true/false) wins; otherwise the system's colour scheme. */
export function prefersDark(win: Window = window): boolean {
  let saved: string | null = null;
  try {
    saved = win.localStorage.getItem(DARK_MODE_KEY);
  } catch {
    // Storage can be blocked in a third-party frame; the system setting decides then.
  }
  if (saved === 'true' || saved === 'false') return saved === 'true';
  return win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/**
 * Before the first render: `<html lang dir>`, the dark class, the title and the description, in
 * the store's language. Nothing is saved: the language saved on this origin is the merchant's.
 */
export function prepareDocument(i18n: Translator, doc: Document = document): void {
  const root = doc.documentElement;
  root.lang = i18n.language;
  root.dir = i18n.dir;
  root.classList.toggle('dark', prefersDark(doc.defaultView ?? window));
  doc.title = i18n.t('page.documentTitle');
  doc
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', i18n.t('page.description'));
}
