import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguage, type Language } from '@nuqat/contracts';
import arCommon from '../../../locales/ar/common.json';
import arLanding from '../../../locales/ar/landing.json';
import enCommon from '../../../locales/en/common.json';
import enLanding from '../../../locales/en/landing.json';
import { applyLanguage, saveLanguage } from '../../../lib/preferences';

/**
 * The landing entry's own i18next instance: only the `landing` and `common` catalogues, so the
 * page does not download the back-office's texts (lib/i18n loads every namespace and the API's
 * error catalogue). No DOM access here: the build renders the page with it too.
 */
export function createLandingI18n(language: Language): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: {
      ar: { common: arCommon, landing: arLanding },
      en: { common: enCommon, landing: enLanding },
    },
    lng: language,
    fallbackLng: 'ar',
    supportedLngs: ['ar', 'en'],
    ns: ['common', 'landing'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
  });
  return instance;
}

/** In the browser, like lib/i18n: a switch sets <html lang dir> and is saved. */
export function followLanguageChanges(instance: I18n): void {
  instance.on('languageChanged', (next) => {
    const chosen: Language = isLanguage(next) ? next : 'ar';
    applyLanguage(chosen);
    saveLanguage(chosen);
  });
}
