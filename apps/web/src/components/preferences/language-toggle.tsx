import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@nuqat/contracts';
import { changeLanguage } from '../../lib/i18n';
import { otherLanguage } from '../../lib/preferences';
import { buttonClasses } from '../ui/button';

export interface LanguageToggleProps {
  className?: string;
}

/** Shows the language it switches to, written in that language (العربية / English). */
export function LanguageToggle({ className }: LanguageToggleProps) {
  const { t, i18n } = useTranslation();
  const next = otherLanguage(i18n.language === 'en' ? 'en' : 'ar');
  return (
    <button
      type="button"
      onClick={() => void changeLanguage(next)}
      title={t('language.switchTo', { language: LANGUAGES[next].label })}
      className={buttonClasses({
        variant: 'ghost',
        size: 'sm',
        className,
      })}
    >
      <Languages aria-hidden="true" className="size-4 max-sm:hidden" />
      <span lang={next}>{LANGUAGES[next].label}</span>
    </button>
  );
}
