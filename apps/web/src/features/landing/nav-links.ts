import { SECTION_IDS, type SectionId } from './constants';

/** The header's and the drawer's section links (spec §2). */
export const HEADER_LINKS = [
  { id: SECTION_IDS.features, label: 'header.features' },
  { id: SECTION_IDS.loyalty, label: 'header.loyalty' },
  { id: SECTION_IDS.pricing, label: 'header.pricing' },
] as const satisfies ReadonlyArray<{ id: SectionId; label: string }>;

/** The footer's quick links (spec §2). */
export const FOOTER_LINKS = [
  { id: SECTION_IDS.features, label: 'footer.features' },
  { id: SECTION_IDS.system, label: 'footer.system' },
  { id: SECTION_IDS.pricing, label: 'footer.pricing' },
] as const satisfies ReadonlyArray<{ id: SectionId; label: string }>;
