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
  results: 'results',
} as const;
export type SectionId = (typeof SECTION_IDS)[keyof typeof SECTION_IDS];

export function sectionHref(id: SectionId): `#${SectionId}` {
  return `#${id}`;
}

export type ResultFigure =
  | { id: 'repeatRise' | 'revenue' | 'engagement' | 'satisfaction'; kind: 'percent'; value: number }
  | { id: 'repeatMultiple'; kind: 'multiple'; value: number }
  | { id: 'stores'; kind: 'atLeast'; value: number }
  | { id: 'rating'; kind: 'outOf'; value: number; max: number };

/** The marketing figures of spec §1, in the order the spec lists them. */
export const RESULT_FIGURES: readonly ResultFigure[] = [
  { id: 'repeatRise', kind: 'percent', value: 0.25 },
  { id: 'revenue', kind: 'percent', value: 0.22 },
  { id: 'repeatMultiple', kind: 'multiple', value: 5 },
  { id: 'engagement', kind: 'percent', value: 0.51 },
  { id: 'stores', kind: 'atLeast', value: 1000 },
  { id: 'rating', kind: 'outOf', value: 4.9, max: 5 },
  { id: 'satisfaction', kind: 'percent', value: 0.999 },
];

/** The partnership logo pair; the files live in public/landing/. */
export const PARTNER_LOGOS = {
  nuqat: '/landing/nuqat-mark.svg',
  salla: '/landing/salla-mark.svg',
} as const;
