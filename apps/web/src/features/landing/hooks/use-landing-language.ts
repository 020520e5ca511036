import { useTranslation } from 'react-i18next';
import type { Language } from '@nuqat/contracts';
import { otherLanguage } from '../../../lib/preferences';
import { urlForLanguage } from '../lib/page-language';

/**
 * The page's language and a switch to the other one. Works with whichever i18next instance
 * the page runs under (the landing entry's or the back-office app's); both save the choice and
 * set <html lang dir> when the language changes.
 */
export function useLandingLanguage(): {
  language: Language;
  next: Language;
  switchLanguage: () => void;
} {
  const { i18n } = useTranslation('landing');
  const language: Language = i18n.language === 'en' ? 'en' : 'ar';
  const next = otherLanguage(language);
  const switchLanguage = () => {
    const address = urlForLanguage(window.location.href, next);
    if (address) window.history.replaceState(window.history.state, '', address);
    void i18n.changeLanguage(next);
  };
  return { language, next, switchLanguage };
}
