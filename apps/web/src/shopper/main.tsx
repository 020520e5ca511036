import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { LoyaltyApp } from './components/loyalty-app';
import { prepareDocument } from './lib/document';
import { createTranslator } from './lib/i18n';
import { readPageConfig } from './lib/page-config';
import './loyalty.css';

// The entry of loyalty.html (docs/decisions/008-shopper-loyalty-page.md): this page alone, with
// React and nothing of the back-office. The store's ?lang= decides the language; the document's
// language, direction and theme are set before the first render.
const config = readPageConfig();
const i18n = createTranslator(config.language);
prepareDocument(i18n);

// React replaces the spinner of loyalty.html when it first commits.
const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from loyalty.html');
const root = createRoot(container);
// A transition renders in slices that yield to the browser, instead of one long task on a slow
// phone (total blocking time); the spinner of loyalty.html stays until the page is ready.
startTransition(() => {
  root.render(
    <StrictMode>
      <LoyaltyApp config={config} i18n={i18n} />
    </StrictMode>,
  );
});
