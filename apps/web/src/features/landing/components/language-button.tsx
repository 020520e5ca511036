import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@nuqat/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { useLandingLanguage } from '../hooks/use-landing-language';

export interface LanguageButtonProps {
  className?: string;
}

/** Names the language it switches to, in that language (English / العربية). */
export function LanguageButton({ className }: LanguageButtonProps) {
  const { t } = useTranslation('landing');
  const { next, switchLanguage } = useLandingLanguage();
  const label = LANGUAGES[next].label;
  return (
    <button
      type="button"
      onClick={switchLanguage}
      title={t('header.switchLanguage', { language: label })}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className })}
    >
      <Languages aria-hidden="true" className="size-4" />
      <span lang={next}>{label}</span>
    </button>
  );
}
