import { createRoot, hydrateRoot } from 'react-dom/client';
import { applyLanguage, readStoredLanguage, saveLanguage } from '../../lib/preferences';
import { LandingApp } from './components/landing-app';
import { createLandingI18n, followLanguageChanges } from './lib/landing-i18n';
import { languageFromUrl } from './lib/page-language';

// Brings the landing page to life (main.tsx loads this after the first paint). Same language
// resolution as public/landing/boot.js: ?lang=, else the saved language, else Arabic.
const fromUrl = languageFromUrl(window.location.search);
if (fromUrl) saveLanguage(fromUrl);
const language = fromUrl ?? readStoredLanguage();
applyLanguage(language);
const i18n = createLandingI18n(language);
followLanguageChanges(i18n);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from landing.html');
const app = <LandingApp i18n={i18n} />;

if (document.documentElement.dataset.prerendered === language) {
  // The build rendered this very page: attach to it instead of painting it again.
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.warn('landing: re-rendered after hydrating', error),
  });
} else {
  // The dev server, which serves the template without the page in it.
  container.replaceChildren();
  createRoot(container).render(app);
}
