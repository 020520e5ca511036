import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { CARD, buttonClass, cx } from './ui';

export interface StoreSignInProps {
  /** Opens the store's own sign-in (the theme's login modal). */
  onSignIn: () => void;
  /** Shows the page's own code sign-in instead. */
  onUseCode: () => void;
}

/**
 * A visitor's way in (issue 23): the store's own sign-in first — the shopper has an account there
 * already — and the e-mail code for anyone who would rather not.
 */
export function StoreSignIn({ onSignIn, onUseCode }: StoreSignInProps) {
  const { t } = useI18n();
  return (
    <section
      aria-labelledby="welcome-title"
      className={cx(CARD, 'flex flex-col items-center gap-3 p-5 text-center sm:p-6')}
    >
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
        <Icon name="gift" className="size-6" />
      </span>
      <h2 id="welcome-title" className="text-lg font-bold text-slate-900 dark:text-white">
        {t('welcome.title')}
      </h2>
      <p className="text-sm text-slate-600 dark:text-slate-300">{t('welcome.text')}</p>
      <button type="button" className={buttonClass('primary', 'w-full')} onClick={onSignIn}>
        <Icon name="logIn" className="size-4" />
        {t('welcome.signIn')}
      </button>
      <button type="button" className={buttonClass('ghost', undefined, 'sm')} onClick={onUseCode}>
        {t('welcome.useCode')}
      </button>
    </section>
  );
}
