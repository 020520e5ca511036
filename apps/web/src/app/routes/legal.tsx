import { LegalPage } from '../../features/legal/legal-page';

/** Public pages: no session needed (docs/decisions/044). */
export function PrivacyRoute() {
  return <LegalPage kind="privacy" />;
}

export function TermsRoute() {
  return <LegalPage kind="terms" />;
}
