import { Clock, Mail, MapPin, MessageCircle, Phone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT } from '@nuqat/contracts';
import { LogoMark } from '../../../components/brand/logo';
import { formatHour } from '../../../lib/format';
import { sectionHref } from '../constants';
import { useLandingLanguage } from '../hooks/use-landing-language';
import { FOOTER_LINKS } from '../nav-links';
import { CONTACT_SECTION_ID } from './contact-section';
import { ExternalLink } from './external-link';
import { NewsletterForm } from './newsletter-form';
import { useLandingSupport } from '../lib/landing-support';

const linkClass =
  'rounded text-slate-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-400';

/**
 * Quick links, real contact details and the newsletter box. The spec's placeholder links (blog,
 * terms, privacy, cookies, FAQ, social) have no pages yet, so they are not shown at all rather
 * than pointing nowhere (docs/decisions/004-landing-page.md).
 */
export function SiteFooter({ inert }: { inert: boolean }) {
  const { t } = useTranslation('landing');
  const { language } = useLandingLanguage();
  const support = useLandingSupport();

  return (
    <footer inert={inert} className="bg-slate-900 text-slate-300 dark:bg-black">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-[1.2fr_0.8fr_1fr_1.3fr]">
        <div className="space-y-3">
          <p className="flex items-center gap-2.5 text-xl font-extrabold text-white">
            <LogoMark />
            {t('hero.partners.nuqat.name')}
          </p>
          <p className="text-sm">{t('footer.tagline')}</p>
          <p className="flex items-center gap-2 text-sm">
            <MapPin aria-hidden="true" className="size-4 shrink-0" />
            {t('footer.headquarters')}
          </p>
        </div>

        <nav aria-labelledby="footer-links-title" className="space-y-3">
          <h2 id="footer-links-title" className="text-base font-bold text-white">
            {t('footer.quickLinks')}
          </h2>
          <ul className="space-y-2 text-sm">
            {FOOTER_LINKS.map((link) => (
              <li key={link.id}>
                <a href={sectionHref(link.id)} className={linkClass}>
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="space-y-3">
          <h2 className="text-base font-bold text-white">{t('footer.contact')}</h2>
          <ul className="space-y-2 text-sm">
            {support?.email ? (
              <li className="flex items-center gap-2">
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t('footer.email')}</span>
                <a href={`mailto:${support.email}`} className={linkClass}>
                  <bdi dir="ltr">{support.email}</bdi>
                </a>
              </li>
            ) : null}
            {support?.phone ? (
              <li className="flex items-center gap-2">
                <Phone aria-hidden="true" className="size-4 shrink-0" />
                <span className="sr-only">{t('footer.phone')}</span>
                <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} className={linkClass}>
                  <bdi dir="ltr">{support.phone}</bdi>
                </a>
              </li>
            ) : null}
            {support?.whatsapp ? (
              <li className="flex items-center gap-2">
                <MessageCircle aria-hidden="true" className="size-4 shrink-0" />
                <ExternalLink href={`https://wa.me/${support.whatsapp}`} className={linkClass}>
                  {t('footer.whatsapp')}
                </ExternalLink>
              </li>
            ) : null}
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 shrink-0" />
              <span>
                {t('footer.hours', {
                  from: formatHour(SUPPORT.hours.from, language),
                  to: formatHour(SUPPORT.hours.to, language),
                })}
              </span>
            </li>
            {support?.email ? (
              <li>
                <a href={`#${CONTACT_SECTION_ID}`} className={linkClass}>
                  {t('footer.reply')}
                </a>
              </li>
            ) : null}
          </ul>
        </div>

        {support?.email ? <NewsletterForm supportEmail={support.email} /> : null}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-6 text-xs text-slate-400 sm:px-6">
          <p>{t('footer.rights')}</p>
          <ul className="flex gap-4">
            <li>
              <a href="/privacy" className={linkClass}>
                {t('footer.privacy')}
              </a>
            </li>
            <li>
              <a href="/terms" className={linkClass}>
                {t('footer.terms')}
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
