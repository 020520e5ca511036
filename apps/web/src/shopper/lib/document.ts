import type { STORAGE_KEYS } from '@nuqat/contracts';
import type { Translator } from './i18n';

// The contract's key, by type only (no runtime import of @nuqat/contracts here).
const DARK_MODE_KEY: (typeof STORAGE_KEYS)['darkMode'] = 'darkMode';

/**
 * The store page's look wins (`?dark=1|0`, decision 034: the panel follows the store, not the
 * phone); then a saved choice (`darkMode` = true/false); then the system's colour scheme.
 */
export function prefersDark(win: Window = window): boolean {
  const store = new URLSearchParams(win.location.search).get('dark');
  if (store === '1' || store === '0') return store === '1';
  let saved: string | null = null;
  try {
    saved = win.localStorage.getItem(DARK_MODE_KEY);
  } catch {
    // Storage can be blocked in a third-party frame; the system setting decides then.
  }
  if (saved === 'true' || saved === 'false') return saved === 'true';
  return win.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;
}

/** The brand scale the page's Tailwind classes use, mixed from one accent colour. */
const BRAND_MIX: [shade: number, percent: number, toward: 'white' | 'black'][] = [
  [50, 8, 'white'],
  [100, 16, 'white'],
  [200, 32, 'white'],
  [300, 52, 'white'],
  [400, 72, 'white'],
  [500, 88, 'white'],
  [700, 82, 'black'],
  [800, 66, 'black'],
  [900, 52, 'black'],
  [950, 36, 'black'],
];

/**
 * The store's accent (`?accent=`, the merchant's colour or the theme's primary, sent by the
 * snippet): the page's brand colours are mixed from it, so the panel wears the store's colours
 * rather than Nuqat's. Anything that is not a CSS colour is ignored.
 */
export function applyAccent(doc: Document = document): void {
  const accent = new URLSearchParams(doc.defaultView?.location.search ?? '').get('accent')?.trim();
  if (!accent || accent.length > 64 || !globalThis.CSS?.supports?.('color', accent)) return;
  const style = doc.documentElement.style;
  style.setProperty('--color-brand-600', accent);
  for (const [shade, percent, toward] of BRAND_MIX)
    style.setProperty(
      `--color-brand-${shade}`,
      `color-mix(in oklab, ${accent} ${percent}%, ${toward})`,
    );
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
  applyAccent(doc);
  doc.title = i18n.t('page.documentTitle');
  doc
    .querySelector('meta[name="description"]')
    ?.setAttribute('content', i18n.t('page.description'));
}
