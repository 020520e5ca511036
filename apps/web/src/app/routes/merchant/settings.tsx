import { useTranslation } from 'react-i18next';
import { Clock, ExternalLink, LogOut, Mail, Phone } from 'lucide-react';
import { LANGUAGES, SUPPORT, type Language } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { PageHeader } from '../../../components/ui/page-header';
import { Switch } from '../../../components/ui/switch';
import { ToastProvider } from '../../../components/ui/toast';
import { useLogout } from '../../../features/auth/api/logout';
import { DevelopersSection } from '../../../features/developers/components/developers-section';
import { CustomerNotificationsCard } from '../../../features/notifications/components/customer-notifications-card';
import { StoreInfoPanel } from '../../../features/store/components/store-info-panel';
import { MonthlyReportCard } from '../../../features/store/components/monthly-report-card';
import { PointsExpiryCard } from '../../../features/store/components/points-expiry-card';
import { PointsReleaseCard } from '../../../features/store/components/points-release-card';
import { SocialLinksCard } from '../../../features/store/components/social-links-card';
import { SpentClawbackCard } from '../../../features/store/components/spent-clawback-card';
import { SubscriptionUsagePanel } from '../../../features/store/components/subscription-usage-panel';
import { WidgetSection } from '../../../features/widget/components/widget-section';
import { cn } from '../../../lib/cn';
import { telHref, useSupportContacts } from '../../../lib/support-contacts';
import { formatHour } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/document-title';
import { changeLanguage } from '../../../lib/i18n';
import { useDarkMode } from '../../../lib/preferences';

const LANGUAGE_CODES = Object.keys(LANGUAGES) as Language[];

/** The sections the page's index links to, in the page's order. */
const SECTIONS = [
  'expiry',
  'release',
  'clawback',
  'social',
  'emails',
  'report',
  'widget',
  'developers',
  'preferences',
] as const;

export function SettingsRoute() {
  const { t, i18n } = useTranslation('merchant');
  useDocumentTitle('merchant:screens.settings.title');
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  const [dark, setDark] = useDarkMode();
  const logout = useLogout();
  const support = useSupportContacts();

  return (
    <ToastProvider>
      <div className="space-y-8">
        <PageHeader
          title={t('screens.settings.title')}
          description={t('screens.settings.description')}
        />

        <StoreInfoPanel loadErrorMessage={{ key: 'merchant:settings.loadError' }} />

        <SubscriptionUsagePanel />

        {/* The page's index: each section, the customer e-mails among them, one tap away. */}
        <nav aria-label={t('settings.index.label')} data-testid="settings-index">
          <ul className="flex flex-wrap gap-2 text-sm">
            {SECTIONS.map((section) => (
              <li key={section}>
                <a
                  href={`#settings-${section}`}
                  className="inline-flex min-h-11 items-center rounded-full border border-slate-200 bg-white px-4 font-medium text-slate-700 hover:border-brand-300 hover:text-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
                >
                  {t(`settings.index.${section}`)}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div id="settings-expiry" className="scroll-mt-24">
          <PointsExpiryCard />
        </div>

        <div id="settings-release" className="scroll-mt-24">
          <PointsReleaseCard />
        </div>

        <div id="settings-clawback" className="scroll-mt-24">
          <SpentClawbackCard />
        </div>

        <div id="settings-social" className="scroll-mt-24">
          <SocialLinksCard />
        </div>

        <div id="settings-emails" className="scroll-mt-24">
          <CustomerNotificationsCard />
        </div>

        <div id="settings-report" className="scroll-mt-24">
          <MonthlyReportCard />
        </div>

        <div id="settings-widget" className="scroll-mt-24">
          <WidgetSection />
        </div>

        <div id="settings-developers" className="scroll-mt-24">
          <DevelopersSection />
        </div>

        <div id="settings-preferences" className="grid scroll-mt-24 gap-6 lg:grid-cols-2">
          <Card className="space-y-6 p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">
              {t('settings.preferences')}
            </h2>
            <div className="flex items-center justify-between gap-4">
              <div>
                <label
                  htmlFor="settings-dark-mode"
                  className="font-medium text-slate-900 dark:text-white"
                >
                  {t('settings.darkMode')}
                </label>
                <p className="text-sm text-slate-500 dark:text-slate-400">
                  {t('settings.darkModeHint')}
                </p>
              </div>
              <Switch id="settings-dark-mode" checked={dark} onCheckedChange={setDark} />
            </div>
            <fieldset>
              <legend className="font-medium text-slate-900 dark:text-white">
                {t('settings.language')}
              </legend>
              <div className="mt-3 grid grid-cols-2 gap-2 rounded-xl bg-slate-100 p-1 dark:bg-slate-800">
                {LANGUAGE_CODES.map((code) => (
                  <label
                    key={code}
                    className={cn(
                      'cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-semibold transition-colors has-focus-visible:outline-2 has-focus-visible:outline-brand-600',
                      language === code
                        ? 'bg-white text-brand-800 shadow-sm dark:bg-slate-950 dark:text-brand-200'
                        : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                    )}
                  >
                    <input
                      type="radio"
                      name="language"
                      value={code}
                      checked={language === code}
                      onChange={() => void changeLanguage(code)}
                      className="sr-only"
                    />
                    <span lang={code}>{LANGUAGES[code].label}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          </Card>

          <Card className="space-y-5 p-5 sm:p-6">
            <h2 className="text-lg font-bold text-slate-900 dark:text-white">
              {t('settings.help')}
            </h2>
            <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
              {t('settings.helpText')}
            </p>
            <ul className="space-y-3 text-sm">
              {support?.email ? (
                <li className="flex items-center gap-3">
                  <Mail aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                  <span className="text-slate-500 dark:text-slate-400">
                    {t('settings.supportEmail')}
                  </span>
                  <a
                    href={`mailto:${support.email}`}
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    <bdi dir="ltr">{support.email}</bdi>
                  </a>
                </li>
              ) : null}
              {support?.phone ? (
                <li className="flex items-center gap-3">
                  <Phone aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                  <span className="text-slate-500 dark:text-slate-400">
                    {t('settings.supportPhone')}
                  </span>
                  <a
                    href={telHref(support.phone)}
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-300"
                  >
                    <bdi dir="ltr">{support.phone}</bdi>
                  </a>
                </li>
              ) : null}
              <li className="flex items-center gap-3">
                <Clock aria-hidden="true" className="size-5 text-brand-700 dark:text-brand-300" />
                <span className="text-slate-500 dark:text-slate-400">{t('settings.hours')}</span>
                <span className="font-semibold text-slate-900 dark:text-white">
                  {t('settings.hoursValue', {
                    from: formatHour(SUPPORT.hours.from, language),
                    to: formatHour(SUPPORT.hours.to, language),
                  })}
                </span>
              </li>
            </ul>
            <a
              href={support?.appStoreUrl ?? SUPPORT.sallaAppStore}
              target="_blank"
              rel="noreferrer"
              className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 hover:underline dark:text-brand-300"
            >
              {t('settings.appStore')}
              <ExternalLink aria-hidden="true" className="size-4" />
            </a>
          </Card>
        </div>

        <div className="flex justify-end">
          <Button variant="danger" onClick={() => logout.mutate()} loading={logout.isPending}>
            {logout.isPending ? null : (
              <LogOut aria-hidden="true" className="size-4 rtl:rotate-180" />
            )}
            {t('settings.logout')}
          </Button>
        </div>
      </div>
    </ToastProvider>
  );
}
