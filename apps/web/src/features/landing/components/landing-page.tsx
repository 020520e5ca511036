import { Suspense, useCallback, useRef, useState } from 'react';
import { SECTION_IDS } from '../constants';
import { useLandingLanguage } from '../hooks/use-landing-language';
import { useLandingMeta } from '../hooks/use-landing-meta';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { MobileDrawer } from './mobile-drawer';
import { PricingSection } from './pricing-section';
import { FaqSection } from './faq-section';
import { ContactSection } from './contact-section';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/**
 * The public page for store owners (spec §2): header, hero, features, pricing, questions (FAQ) and
 * footer, in that order. Rendered by the landing entry (landing.html) and by the app's `/`
 * route, under whichever i18next instance is around.
 */
export function LandingPage() {
  const { language } = useLandingLanguage();
  useLandingMeta(language);
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="min-h-dvh overflow-x-clip bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <SiteHeader
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        menuButtonRef={menuButtonRef}
      />
      <MobileDrawer open={menuOpen} onClose={closeMenu} returnFocusRef={menuButtonRef} />
      {/* Each section is its own Suspense boundary so that hydrating the built HTML runs in
          several short tasks instead of one long one (nothing here suspends). */}
      <main id={SECTION_IDS.main} inert={menuOpen} tabIndex={-1} className="outline-none">
        <Suspense>
          <HeroSection />
        </Suspense>
        <Suspense>
          <FeaturesSection />
        </Suspense>
        <Suspense>
          <PricingSection />
        </Suspense>
        <Suspense>
          <FaqSection />
        </Suspense>
        <ContactSection />
      </main>
      <Suspense>
        <SiteFooter inert={menuOpen} />
      </Suspense>
    </div>
  );
}
