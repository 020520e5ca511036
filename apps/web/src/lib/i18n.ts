import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ERROR_CODES, ERROR_MESSAGES, type ErrorCode, type Language } from '@nuqat/contracts';
import arAnalytics from '../locales/ar/analytics.json';
import arAuth from '../locales/ar/auth.json';
import arCommon from '../locales/ar/common.json';
import arCoupons from '../locales/ar/coupons.json';
import arCustomers from '../locales/ar/customers.json';
import arDevelopers from '../locales/ar/developers.json';
import arLanding from '../locales/ar/landing.json';
import arLoyalty from '../locales/ar/loyalty.json';
import arMerchant from '../locales/ar/merchant.json';
import arNotifications from '../locales/ar/notifications.json';
import arRewards from '../locales/ar/rewards.json';
import arWidget from '../locales/ar/widget.json';
import arReferrals from '../locales/ar/referrals.json';
import arTiers from '../locales/ar/tiers.json';
import arCampaigns from '../locales/ar/campaigns.json';
import enAnalytics from '../locales/en/analytics.json';
import enAuth from '../locales/en/auth.json';
import enCommon from '../locales/en/common.json';
import enCoupons from '../locales/en/coupons.json';
import enCustomers from '../locales/en/customers.json';
import enDevelopers from '../locales/en/developers.json';
import enLanding from '../locales/en/landing.json';
import enLoyalty from '../locales/en/loyalty.json';
import enMerchant from '../locales/en/merchant.json';
import enNotifications from '../locales/en/notifications.json';
import enRewards from '../locales/en/rewards.json';
import enWidget from '../locales/en/widget.json';
import enReferrals from '../locales/en/referrals.json';
import enTiers from '../locales/en/tiers.json';
import enCampaigns from '../locales/en/campaigns.json';
import { applyLanguage, readStoredLanguage, saveLanguage } from './preferences';

export const NAMESPACES = [
  'common',
  'auth',
  'merchant',
  'landing',
  'loyalty',
  'rewards',
  'referrals',
  'analytics',
  'coupons',
  'customers',
  'notifications',
  'tiers',
  'campaigns',
  'widget',
  'developers',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The API's error catalogue lives in contracts; it becomes `common:errors.<CODE>`. */
function contractErrors(language: Language): Record<ErrorCode, string> {
  return Object.fromEntries(
    ERROR_CODES.map((code) => [code, ERROR_MESSAGES[code][language]]),
  ) as Record<ErrorCode, string>;
}

function withContractErrors<T extends { errors: Record<string, string> }>(
  catalogue: T,
  language: Language,
): T & { errors: Record<ErrorCode, string> } {
  return { ...catalogue, errors: { ...contractErrors(language), ...catalogue.errors } };
}

export const resources = {
  ar: {
    common: withContractErrors(arCommon, 'ar'),
    auth: arAuth,
    merchant: arMerchant,
    landing: arLanding,
    loyalty: arLoyalty,
    rewards: arRewards,
    widget: arWidget,
    referrals: arReferrals,
    analytics: arAnalytics,
    coupons: arCoupons,
    customers: arCustomers,
    notifications: arNotifications,
    tiers: arTiers,
    campaigns: arCampaigns,
    developers: arDevelopers,
  },
  en: {
    common: withContractErrors(enCommon, 'en'),
    auth: enAuth,
    merchant: enMerchant,
    landing: enLanding,
    loyalty: enLoyalty,
    rewards: enRewards,
    widget: enWidget,
    referrals: enReferrals,
    analytics: enAnalytics,
    coupons: enCoupons,
    customers: enCustomers,
    notifications: enNotifications,
    tiers: enTiers,
    campaigns: enCampaigns,
    developers: enDevelopers,
  },
} as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['ar'];
  }
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: 'ar',
  supportedLngs: ['ar', 'en'],
  ns: [...NAMESPACES],
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  initAsync: false,
});

applyLanguage(currentLanguage());

i18n.on('languageChanged', (language) => {
  const next = language === 'en' ? 'en' : 'ar';
  applyLanguage(next);
  saveLanguage(next);
});

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'ar';
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
}
