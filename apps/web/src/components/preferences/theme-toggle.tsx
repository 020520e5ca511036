import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useDarkMode } from '../../lib/preferences';
import { buttonClasses } from '../ui/button';

export interface ThemeToggleProps {
  className?: string;
}

/** A toggle button named "Dark mode"; aria-pressed tells whether it is on. */
export function ThemeToggle({ className }: ThemeToggleProps) {
  const { t } = useTranslation();
  const [dark, setDark] = useDarkMode();
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label={t('theme.dark')}
      title={t('theme.dark')}
      onClick={() => setDark(!dark)}
      className={buttonClasses({ variant: 'ghost', size: 'icon', className })}
    >
      {dark ? (
        <Sun aria-hidden="true" className="size-5" />
      ) : (
        <Moon aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
