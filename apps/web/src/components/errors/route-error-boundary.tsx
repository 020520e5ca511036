import { Link, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleAlert, RefreshCw } from 'lucide-react';
import { paths } from '../../config/paths';
import { Button, buttonClasses } from '../ui/button';

/** The error boundary of every route region: a readable page instead of a blank screen. */
export function RouteErrorBoundary() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div role="alert" className="flex min-h-[60dvh] items-center justify-center px-4 py-16">
      <div className="max-w-md space-y-5 text-center">
        <CircleAlert
          aria-hidden="true"
          className="mx-auto size-12 text-red-600 dark:text-red-400"
        />
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">
          {t('routeError.title')}
        </h1>
        <p className="text-slate-600 dark:text-slate-400">{t('routeError.description')}</p>
        <div className="flex flex-wrap items-center justify-center gap-3">
          <Button onClick={() => window.location.reload()}>
            <RefreshCw aria-hidden="true" className="size-4" />
            {t('routeError.reload')}
          </Button>
          <Link to={paths.home} className={buttonClasses({ variant: 'secondary' })}>
            {t('routeError.home')}
          </Link>
        </div>
      </div>
    </div>
  );
}
