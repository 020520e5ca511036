/** Spec §9: the header turns opaque once the page has scrolled more than this many pixels. */
export const HEADER_SCROLL_THRESHOLD_PX = 10;

/** Spec §9: the hero's example balance. */
export const HERO_EXAMPLE_POINTS = 500;

/**
 * Every in-page anchor the page links to (spec §2). The header, the hero and the footer link
 * only to these, and each one is the id of an element on the page — no dead links.
 */
export const SECTION_IDS = {
  main: 'main',
  features: 'features',
  loyalty: 'loyalty',
  system: 'system',
  pricing: 'pricing',
  subscription: 'subscription',
  faq: 'faq',
} as const;
export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

export function sectionHref(id: SectionId): `#${SectionId}` {
  return `#${id}`;
}

/** The questions of the FAQ, in order (their text is in the landing catalogue). */
export const FAQ_ITEMS = ['trial', 'cancel', 'uninstall', 'data', 'salla'] as const;

/** The partnership logo pair; the files live in public/landing/. */
export const PARTNER_LOGOS = {
  nuqat: '/landing/nuqat-mark.svg',
  salla: '/landing/salla-mark.svg',
} as const;
