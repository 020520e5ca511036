import { LANGUAGES, type Language } from '@nuqat/contracts';
import { SUPPORT_PLACEHOLDER, SUPPORT_SCRIPT_ID } from '../lib/landing-support';
import arLanding from '../../../locales/ar/landing.json';
import enLanding from '../../../locales/en/landing.json';

/**
 * Builds the landing documents (landing.html in Arabic, landing.en.html in English) from the
 * template apps/web/landing.html: the language and direction on <html>, the head's meta tags
 * from the catalogues, and the page's markup rendered at build time.
 */

/** The API replaces this with its public address (PUBLIC_URL) when it serves the page. */
export const ORIGIN_PLACEHOLDER = '__NUQAT_ORIGIN__';

export const LANDING_FILES: Record<Language, string> = {
  ar: 'landing.html',
  en: 'landing.en.html',
};

const META: Record<Language, { title: string; description: string }> = {
  ar: arLanding.meta,
  en: enLanding.meta,
};

const OG_LOCALES: Record<Language, string> = { ar: 'ar_SA', en: 'en_US' };

export const MARKERS = {
  html: /<html[^>]*>/,
  head: '<!--landing:head-->',
  root: '<div id="root"><!--landing:root--></div>',
} as const;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The address of the page in a language (hreflang, og:url); `/` is Arabic, the default. */
export function landingUrl(language: Language | 'x-default'): string {
  return language === 'x-default'
    ? `${ORIGIN_PLACEHOLDER}/`
    : `${ORIGIN_PLACEHOLDER}/?lang=${language}`;
}

export function landingHead(language: Language): string {
  const { title, description } = META[language];
  const other: Language = language === 'ar' ? 'en' : 'ar';
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<link rel="alternate" hreflang="ar" href="${landingUrl('ar')}" />`,
    `<link rel="alternate" hreflang="en" href="${landingUrl('en')}" />`,
    `<link rel="alternate" hreflang="x-default" href="${landingUrl('x-default')}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="نقاط | Nuqat" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${landingUrl(language)}" />`,
    `<meta property="og:image" content="${ORIGIN_PLACEHOLDER}/landing/og-image.png" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(title)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[language]}" />`,
    `<meta property="og:locale:alternate" content="${OG_LOCALES[other]}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
    // Filled by the API with the deployment's support contacts (a data block, never run).
    `<script id="${SUPPORT_SCRIPT_ID}" type="application/json">${SUPPORT_PLACEHOLDER}</script>`,
  ];
  return tags.join('\n    ');
}

/**
 * Fills the template for one language. `markup` is the page rendered at build time; without it
 * (the dev server) the page renders in the browser as usual.
 */
export function renderLandingDocument(template: string, language: Language, markup = ''): string {
  for (const marker of [MARKERS.head, MARKERS.root]) {
    if (!template.includes(marker)) throw new Error(`landing.html lacks the ${marker} marker`);
  }
  return template
    .replace(MARKERS.html, () => {
      const prerendered = markup ? ` data-prerendered="${language}"` : '';
      return `<html lang="${language}" dir="${LANGUAGES[language].dir}"${prerendered}>`;
    })
    .replace(MARKERS.head, () => landingHead(language))
    .replace(MARKERS.root, () => `<div id="root">${markup}</div>`);
}
