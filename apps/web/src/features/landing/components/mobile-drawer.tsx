import { useRef, type RefObject } from 'react';
import { LogIn, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT } from '@nuqat/contracts';
import { Logo } from '../../../components/brand/logo';
import { ThemeToggle } from '../../../components/preferences/theme-toggle';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { cn } from '../../../lib/cn';
import { sectionHref } from '../constants';
import { useDrawerBehaviour } from '../hooks/use-drawer-behaviour';
import { HEADER_LINKS } from '../nav-links';
import { ExternalLink } from './external-link';
import { LanguageButton } from './language-button';
import { useLandingSupport } from '../lib/landing-support';

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

/**
 * The phone menu: slides in from the inline start (the right in Arabic, the left in English),
 * over a backdrop. Closes on the backdrop, the close button, Escape, and on choosing a link.
 */
export function MobileDrawer({ open, onClose, returnFocusRef }: MobileDrawerProps) {
  const support = useLandingSupport();
  const { t } = useTranslation('landing');
  const panelRef = useRef<HTMLDivElement>(null);
  useDrawerBehaviour({ open, panelRef, returnFocusRef, onClose });

  return (
    <div
      inert={!open}
      aria-hidden={open ? undefined : true}
      data-state={open ? 'open' : 'closed'}
      className={cn(
        'fixed inset-0 z-40 md:hidden',
        // Hidden only once the slide-out has played; shown at once so focus can move in.
        open ? 'visible' : 'invisible transition-[visibility] duration-200',
      )}
    >
      <div
        aria-hidden="true"
        data-testid="drawer-backdrop"
        onClick={onClose}
        className={cn(
          'absolute inset-0 bg-slate-950/60 transition-opacity duration-200',
          open ? 'opacity-100' : 'opacity-0',
        )}
      />
      <div
        ref={panelRef}
        id="landing-menu"
        role="dialog"
        aria-modal="true"
        aria-labelledby="landing-menu-title"
        className={cn(
          'absolute inset-y-0 start-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-2xl transition-transform duration-200 ease-out dark:bg-slate-900',
          open ? 'translate-x-0' : '-translate-x-full rtl:translate-x-full',
        )}
      >
        <div className="flex h-16 shrink-0 items-center justify-between gap-3 border-b border-slate-200 px-4 dark:border-slate-800">
          <Logo />
          <h2 id="landing-menu-title" className="sr-only">
            {t('header.menuTitle')}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('header.closeMenu')}
            className={buttonClasses({ variant: 'ghost', size: 'icon' })}
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>

        <nav aria-label={t('header.navLabel')} className="flex flex-col gap-1 p-4">
          {HEADER_LINKS.map((link) => (
            <a
              key={link.id}
              href={sectionHref(link.id)}
              onClick={onClose}
              className={buttonClasses({
                variant: 'ghost',
                size: 'md',
                className: 'justify-start text-base',
              })}
            >
              {t(link.label)}
            </a>
          ))}
        </nav>

        <div className="flex items-center gap-2 border-t border-slate-200 px-4 py-3 dark:border-slate-800">
          <LanguageButton />
          <ThemeToggle />
        </div>

        <div className="mt-auto flex flex-col gap-3 border-t border-slate-200 p-4 dark:border-slate-800">
          <a
            href={paths.login}
            onClick={onClose}
            className={buttonClasses({ variant: 'secondary', size: 'lg' })}
          >
            <LogIn aria-hidden="true" className="size-5 rtl:rotate-180" />
            {t('header.login')}
          </a>
          <ExternalLink
            href={support?.appStoreUrl ?? SUPPORT.sallaAppStore}
            onClick={onClose}
            className={buttonClasses({ size: 'lg' })}
          >
            {t('header.join')}
          </ExternalLink>
        </div>
      </div>
    </div>
  );
}
