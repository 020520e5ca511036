import { LandingPage } from '../../features/landing/components/landing-page';

/**
 * `/` inside the app, reached by in-app links (404 page, login's "back to homepage"). A fresh
 * visit to `/` gets landing.html instead: the same page in its own small bundle.
 */
export function LandingRoute() {
  return <LandingPage />;
}
