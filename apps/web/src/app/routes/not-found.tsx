import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/brand/logo';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { useDocumentTitle } from '../../lib/document-title';
import { hasSession } from '../../lib/session';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle('notFound.title');
  return (
    <main className="dot-grid-soft flex min-h-dvh flex-col items-center justify-center gap-6 bg-slate-50 px-4 py-16 text-center dark:bg-slate-950">
      <Logo />
      <p className="text-7xl font-extrabold text-brand-700 dark:text-brand-400">
        <bdi>{t('notFound.code')}</bdi>
      </p>
      <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('notFound.title')}</h1>
      <p className="max-w-md text-slate-600 dark:text-slate-400">{t('notFound.description')}</p>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <Link to={paths.home} className={buttonClasses()}>
          {t('notFound.home')}
        </Link>
        {hasSession() ? (
          <Link to={paths.dashboard} className={buttonClasses({ variant: 'secondary' })}>
            {t('notFound.dashboard')}
          </Link>
        ) : null}
      </div>
    </main>
  );
}
