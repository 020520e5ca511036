import { StrictMode, useEffect } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { LandingPage } from './landing-page';

/** Marks the document once the page responds to input (browser tests wait for it). */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-landing-ready', '');
  }, []);
  return null;
}

/** The landing entry's whole tree; the build renders the same tree to HTML. */
export function LandingApp({ i18n }: { i18n: I18n }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <LandingPage />
        <ReadyMark />
      </I18nextProvider>
    </StrictMode>
  );
}
