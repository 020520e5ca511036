import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import {
  ChartColumn,
  Contact,
  Coins,
  Crown,
  Gift,
  House,
  LogOut,
  Megaphone,
  Menu,
  Settings,
  Store,
  TicketPercent,
  Users,
  X,
} from 'lucide-react';
import { paths } from '../../config/paths';
import { cn } from '../../lib/cn';
import { Logo } from '../brand/logo';
import { LanguageToggle } from '../preferences/language-toggle';
import { ThemeToggle } from '../preferences/theme-toggle';
import { buttonClasses } from '../ui/button';
import { Spinner } from '../ui/spinner';

type NavKey =
  | 'dashboard'
  | 'customers'
  | 'setpoints'
  | 'members'
  | 'coupons'
  | 'rewards'
  | 'tiers'
  | 'campaigns'
  | 'analytics';

/**
 * The side menu: the spec's six entries (§2) in its order, the shoppers after the home and the
 * VIP tiers after the rewards they reserve, the campaigns after the tiers they may target.
 */
const NAV_ITEMS: ReadonlyArray<{
  key: NavKey;
  to: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
}> = [
  { key: 'dashboard', to: paths.dashboard, icon: House },
  { key: 'customers', to: paths.customers, icon: Contact },
  { key: 'setpoints', to: paths.setpoints, icon: Coins },
  { key: 'members', to: paths.members, icon: Users },
  { key: 'coupons', to: paths.coupons, icon: TicketPercent },
  { key: 'rewards', to: paths.rewards, icon: Gift },
  { key: 'tiers', to: paths.tiers, icon: Crown },
  { key: 'campaigns', to: paths.campaigns, icon: Megaphone },
  { key: 'analytics', to: paths.analytics, icon: ChartColumn },
];

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

interface SideNavProps {
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

function SideNav({ onNavigate, onLogout, loggingOut }: SideNavProps) {
  const { t } = useTranslation();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Logo />
      </div>
      <nav aria-label={t('nav.label')} className="flex-1 overflow-y-auto px-3 py-4">
        <ul className="space-y-1">
          {NAV_ITEMS.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <NavLink to={to} className={linkClasses} onClick={onNavigate}>
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                {t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-slate-200 px-3 py-4 dark:border-slate-800">
        <NavLink to={paths.settings} className={linkClasses} onClick={onNavigate}>
          <Settings aria-hidden="true" className="size-5 shrink-0" />
          {t('nav.settings')}
        </NavLink>
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          className="flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-medium text-red-700 transition-colors hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-red-300 dark:hover:bg-red-950/40"
        >
          {loggingOut ? (
            <Spinner className="size-5" />
          ) : (
            <LogOut aria-hidden="true" className="size-5 shrink-0 rtl:rotate-180" />
          )}
          {t('nav.logout')}
        </button>
      </div>
    </div>
  );
}

export interface MerchantLayoutProps {
  storeName: string | null;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}

/**
 * Side menu (fixed at the inline start on large screens, a drawer from the inline start on
 * small ones: right in Arabic, left in English), a top bar with the store name and the
 * language and dark-mode toggles, and the screen.
 */
export function MerchantLayout({ storeName, onLogout, loggingOut, children }: MerchantLayoutProps) {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>

      <aside className="fixed inset-y-0 start-0 z-30 hidden w-72 print:hidden border-e border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
        <SideNav onLogout={onLogout} loggingOut={loggingOut} />
      </aside>

      <div className="lg:ps-72 print:ps-0">
        <header className="sticky top-0 z-20 flex h-16 print:hidden items-center gap-2 border-b border-slate-200 bg-white/85 px-4 backdrop-blur sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/85">
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger
              aria-label={t('nav.openMenu')}
              className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'lg:hidden' })}
            >
              <Menu aria-hidden="true" className="size-5" />
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px]" />
              <Dialog.Content
                data-testid="mobile-menu"
                className="drawer fixed inset-y-0 start-0 z-50 w-72 max-w-[85vw] bg-white shadow-2xl focus:outline-none dark:bg-slate-900"
              >
                <Dialog.Title className="sr-only">{t('nav.label')}</Dialog.Title>
                <Dialog.Description className="sr-only">
                  {t('nav.menuDescription')}
                </Dialog.Description>
                <Dialog.Close
                  aria-label={t('nav.closeMenu')}
                  className={buttonClasses({
                    variant: 'ghost',
                    size: 'icon',
                    className: 'absolute end-3 top-3',
                  })}
                >
                  <X aria-hidden="true" className="size-5" />
                </Dialog.Close>
                <SideNav
                  onNavigate={() => setMenuOpen(false)}
                  onLogout={onLogout}
                  loggingOut={loggingOut}
                />
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>

          <div className="flex min-w-0 flex-1 items-center gap-2">
            <span className="hidden size-9 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700 sm:inline-flex dark:bg-brand-500/15 dark:text-brand-300">
              <Store aria-hidden="true" className="size-5" />
            </span>
            <p
              dir="auto"
              className="truncate text-sm font-semibold text-slate-900 sm:text-base dark:text-white"
              data-testid="store-name"
            >
              {storeName ?? ''}
            </p>
          </div>
          <LanguageToggle />
          <ThemeToggle />
        </header>

        <main
          id="main"
          tabIndex={-1}
          className="mx-auto max-w-6xl px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-10 print:max-w-none print:p-0"
        >
          {children}
        </main>
      </div>
    </div>
  );
}

const tabClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex min-h-10 items-center gap-2 whitespace-nowrap rounded-lg px-3 text-sm font-medium transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    isActive
      ? 'bg-brand-50 text-brand-800 dark:bg-brand-500/15 dark:text-brand-200'
      : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white',
  );

/**
 * The back-office inside the Salla merchant dashboard (docs/decisions/031). Salla's frame
 * already shows the store, the signed-in user and the page title, and sets the language and the
 * theme, so there is no logo, store name, toggles or logout here: only Nuqat's own screens, as
 * tabs (a row that scrolls sideways on a phone, wrapping on wider frames), and the screen.
 */
export function EmbeddedMerchantLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const nav = useRef<HTMLUListElement>(null);
  // The tab of the screen shown stays in view on a narrow frame.
  useEffect(() => {
    nav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  const items = [...NAV_ITEMS, { key: 'settings' as const, to: paths.settings, icon: Settings }];

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('nav.skipToContent')}
      </a>
      <nav
        aria-label={t('nav.label')}
        className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90"
      >
        <ul
          ref={nav}
          className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-3 py-2 [scrollbar-width:none] sm:px-6 md:flex-wrap md:overflow-visible lg:px-10"
        >
          {items.map(({ key, to, icon: Icon }) => (
            <li key={key} className="shrink-0">
              <NavLink to={to} className={tabClasses}>
                <Icon aria-hidden="true" className="size-4 shrink-0" />
                {t(`nav.${key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto max-w-6xl px-4 py-5 focus:outline-none sm:px-6 lg:px-10 lg:py-8"
      >
        {children}
      </main>
    </div>
  );
}
