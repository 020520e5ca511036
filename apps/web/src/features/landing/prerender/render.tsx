import { renderToString } from 'react-dom/server';
import type { Language } from '@nuqat/contracts';
import { LandingApp } from '../components/landing-app';
import { createLandingI18n } from '../lib/landing-i18n';

export { LANDING_FILES, renderLandingDocument } from './document';

/** The page's markup in one language, for landing.html / landing.en.html (build time, Node). */
export function renderLandingMarkup(language: Language): string {
  return renderToString(<LandingApp i18n={createLandingI18n(language)} />);
}
