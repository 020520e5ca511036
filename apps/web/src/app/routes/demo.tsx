import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '../../components/ui/button';
import { LoadingState } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { openDemoViewer } from '../../features/auth/api/demo-viewer';
import { isApiError } from '../../lib/api-client';

/**
 * "Preview the platform": signs in to the demo store as a viewer and opens its dashboard. Where
 * the demo is off (404 DEMO_NOT_AVAILABLE) it says so and offers the login page.
 */
export function DemoRoute() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    openDemoViewer()
      .then(() => navigate(paths.dashboard, { replace: true }))
      .catch((error: unknown) => {
        setFailed(
          isApiError(error) && error.code
            ? t(`common:errors.${error.code}`)
            : t('common:errors.SERVICE_UNAVAILABLE'),
        );
      });
  }, [navigate, t]);

  if (!failed) return <LoadingState className="min-h-dvh" />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 p-6 text-center dark:bg-slate-950">
      <p role="alert" className="text-lg font-semibold text-slate-900 dark:text-white">
        {failed}
      </p>
      <Link to={paths.login} className={buttonClasses()}>
        {t('auth:login.submit')}
      </Link>
    </main>
  );
}
