import type { RefObject } from 'react';
import { LogIn, Menu } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT } from '@nuqat/contracts';
import { Logo } from '../../../components/brand/logo';
import { ThemeToggle } from '../../../components/preferences/theme-toggle';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { HEADER_SCROLL_THRESHOLD_PX, SECTION_IDS, sectionHref } from '../constants';
import { useScrolledPast } from '../hooks/use-scrolled-past';
import { HEADER_LINKS } from '../nav-links';
import { ExternalLink } from './external-link';
import { LanguageButton } from './language-button';
import { useLandingSupport } from '../lib/landing-support';

export interface SiteHeaderProps {
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

/** Transparent over the hero; opaque with a shadow once the page scrolls past 10 px. */
export function SiteHeader({ menuOpen, onOpenMenu, menuButtonRef }: SiteHeaderProps) {
  const support = useLandingSupport();
  const { t } = useTranslation('landing');
  const scrolled = useScrolledPast(HEADER_SCROLL_THRESHOLD_PX);

  return (
    <header
      inert={menuOpen}
      data-scrolled={scrolled}
      className={cn(
        'fixed inset-x-0 top-0 z-30 transition-[background-color,box-shadow] duration-200',
        scrolled
          ? 'bg-white shadow-md shadow-slate-900/10 dark:bg-slate-900 dark:shadow-black/40'
          : 'bg-transparent shadow-none',
      )}
    >
      <a
        href={sectionHref(SECTION_IDS.main)}
        className={buttonClasses({
          className:
            'sr-only focus:not-sr-only focus:absolute focus:start-4 focus:top-3 focus:z-50 focus:px-4',
        })}
      >
        {t('skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-3 px-4 sm:px-6">
        <a
          href={sectionHref(SECTION_IDS.main)}
          aria-label={t('header.logoLabel')}
          className="rounded-xl focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
        >
          <Logo />
        </a>

        <nav aria-label={t('header.navLabel')} className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((link) => (
            <a
              key={link.id}
              href={sectionHref(link.id)}
              className={buttonClasses({ variant: 'ghost', size: 'sm' })}
            >
              {t(link.label)}
            </a>
          ))}
        </nav>

        <div className="flex items-center gap-1">
          <LanguageButton />
          <ThemeToggle className="max-md:hidden" />
          <a
            href={paths.login}
            className={buttonClasses({
              variant: 'secondary',
              size: 'sm',
              className: 'max-md:hidden',
            })}
          >
            <LogIn aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t('header.login')}
          </a>
          <ExternalLink
            href={support?.appStoreUrl ?? SUPPORT.sallaAppStore}
            className={buttonClasses({ size: 'sm', className: 'max-md:hidden' })}
          >
            {t('header.join')}
          </ExternalLink>
          <button
            ref={menuButtonRef}
            type="button"
            onClick={onOpenMenu}
            aria-expanded={menuOpen}
            aria-controls="landing-menu"
            aria-label={t('header.openMenu')}
            className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
          >
            <Menu aria-hidden="true" className="size-6" />
          </button>
        </div>
      </div>
    </header>
  );
}
