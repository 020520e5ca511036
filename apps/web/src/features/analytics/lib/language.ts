import { useTranslation } from 'react-i18next';
import type { Language } from '@nuqat/contracts';

/** The screen's language for Intl, following a switch. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ar';
}
