import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLandingSupport } from '../lib/landing-support';
import { SectionHeading } from './section-heading';

/** The form (and the shared schema it validates with) loads only where support is configured. */
const ContactForm = lazy(async () => ({ default: (await import('./contact-form')).ContactForm }));

export const CONTACT_SECTION_ID = 'contact';

/**
 * "Write to us": a form mailed to the configured support address (POST /api/contact). Without
 * SUPPORT_EMAIL there is nobody to write to, and the section is not shown at all.
 */
export function ContactSection() {
  const { t } = useTranslation('landing');
  const support = useLandingSupport();
  if (!support?.email) return null;
  return (
    <section
      id={CONTACT_SECTION_ID}
      aria-labelledby="contact-title"
      className="scroll-mt-20 bg-slate-50 py-16 sm:py-20 dark:bg-slate-900/60"
    >
      <div className="mx-auto max-w-2xl px-4 sm:px-6">
        <SectionHeading
          id="contact-title"
          title={t('contact.title')}
          subtitle={t('contact.subtitle')}
        />
        <Suspense>
          <ContactForm />
        </Suspense>
      </div>
    </section>
  );
}
