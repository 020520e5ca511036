import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ChartColumn, Gift, Sparkles } from 'lucide-react';
import { PASSWORD_MIN_LENGTH, UI_TIMING } from '@nuqat/contracts';
import { Logo } from '../../../components/brand/logo';
import { LanguageToggle } from '../../../components/preferences/language-toggle';
import { ThemeToggle } from '../../../components/preferences/theme-toggle';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { FormMessage } from '../../../components/ui/form-message';
import { paths } from '../../../config/paths';
import type { Message } from '../../../lib/messages';
import { useSupportContacts } from '../../../lib/support-contacts';
import { useRecoveryFlow, type RecoveryStep } from '../hooks/use-recovery-flow';
import { LoginForm } from './login-form';
import { RecoveryCodeStep } from './recovery-code-step';
import { RecoveryEmailStep } from './recovery-email-step';
import { RecoveryPasswordStep } from './recovery-password-step';

const HEADINGS = {
  none: { title: 'login.title', description: 'login.description' },
  email: { title: 'recovery.email.title', description: 'recovery.email.description' },
  code: { title: 'recovery.code.title', description: 'recovery.code.description' },
  newPassword: { title: 'recovery.password.title', description: 'recovery.password.description' },
} as const;

const STEP_NUMBER: Record<Exclude<RecoveryStep, 'none'>, number> = {
  email: 1,
  code: 2,
  newPassword: 3,
};

/** Why the app sent the merchant here, if a session ended on its own. */
function reasonMessage(state: unknown): Message | null {
  const reason = (state as { reason?: unknown } | null)?.reason;
  if (reason === 'SESSION_EXPIRED' || reason === 'UNAUTHENTICATED') {
    return { key: `common:errors.${reason}` };
  }
  return null;
}

export function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const recovery = useRecoveryFlow();
  const support = useSupportContacts();
  const { step, email, code, generation } = recovery.state;
  const [error, setError] = useState<Message | null>(() => reasonMessage(location.state));
  const [success, setSuccess] = useState<Message | null>(null);
  const [returning, setReturning] = useState(false);

  // After "Password updated successfully", back to the login form with every field empty.
  useEffect(() => {
    if (!returning) return;
    const timer = window.setTimeout(() => {
      setReturning(false);
      setSuccess(null);
      setError(null);
      recovery.finish();
    }, UI_TIMING.resetReturnDelayMs);
    return () => window.clearTimeout(timer);
    // recovery.finish is a stable dispatch wrapper; the timer depends on `returning` only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [returning]);

  const clearMessages = () => {
    setError(null);
    setSuccess(null);
  };

  const heading = HEADINGS[step];

  return (
    <div className="grid min-h-dvh bg-slate-50 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] dark:bg-slate-950">
      <div className="flex min-w-0 flex-col px-4 py-4 sm:px-8 sm:py-6">
        <header className="flex items-center justify-between gap-2">
          <Link
            to={paths.home}
            className={buttonClasses({ variant: 'ghost', size: 'sm', className: 'max-sm:px-2' })}
          >
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            {t('backHome')}
          </Link>
          <div className="flex items-center gap-1">
            <LanguageToggle />
            <ThemeToggle />
          </div>
        </header>

        {/* Top-aligned, not centred: an error that appears grows the card downwards, the card itself
            does not jump (issue 27). */}
        <main className="flex flex-1 items-start justify-center pt-8 pb-8 sm:pt-[12vh] sm:pb-12">
          <div className="w-full max-w-md">
            <Logo className="mb-8" />
            <Card className="p-6 sm:p-8">
              <div className="mb-6 space-y-2">
                {step !== 'none' ? (
                  <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">
                    {t('recovery.progress', { current: STEP_NUMBER[step], total: 3 })}
                  </p>
                ) : null}
                <h1 id="auth-title" className="text-2xl font-bold text-slate-900 dark:text-white">
                  {t(heading.title)}
                </h1>
                <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
                  {step === 'code' ? (
                    <>
                      {t(heading.description)}{' '}
                      <bdi dir="ltr" className="font-semibold text-slate-900 dark:text-white">
                        {email}
                      </bdi>
                    </>
                  ) : (
                    t(heading.description, { min: PASSWORD_MIN_LENGTH })
                  )}
                </p>
              </div>

              <div className="mb-5 space-y-3 empty:hidden">
                <FormMessage tone="error" message={error} />
                <FormMessage tone="success" message={success} />
              </div>

              {step === 'none' ? (
                <LoginForm
                  key={generation}
                  onError={setError}
                  onSuccess={() => void navigate(paths.dashboard, { replace: true })}
                  onForgotPassword={() => {
                    clearMessages();
                    recovery.start();
                  }}
                />
              ) : null}
              {step === 'email' ? (
                <RecoveryEmailStep
                  defaultEmail={email}
                  onError={setError}
                  onSent={(sentTo) => {
                    setSuccess({ key: 'auth:recovery.messages.codeSent' });
                    recovery.codeSent(sentTo);
                  }}
                  onBack={() => {
                    clearMessages();
                    recovery.back();
                  }}
                />
              ) : null}
              {step === 'code' ? (
                <RecoveryCodeStep
                  email={email}
                  onError={(message) => {
                    if (message) setSuccess(null);
                    setError(message);
                  }}
                  onVerified={(verified) => {
                    setSuccess({ key: 'auth:recovery.messages.codeVerified' });
                    recovery.codeVerified(verified);
                  }}
                  onBack={() => {
                    clearMessages();
                    recovery.back();
                  }}
                />
              ) : null}
              {step === 'newPassword' ? (
                <RecoveryPasswordStep
                  email={email}
                  code={code}
                  done={returning}
                  onError={(message) => {
                    if (message) setSuccess(null);
                    setError(message);
                  }}
                  onUpdated={() => {
                    setSuccess({ key: 'auth:recovery.messages.passwordUpdated' });
                    setReturning(true);
                  }}
                  onBack={() => {
                    clearMessages();
                    recovery.back();
                  }}
                />
              ) : null}
            </Card>
            {support?.email ? (
              <p className="mt-6 text-center text-sm text-slate-500 dark:text-slate-400">
                {t('help')}{' '}
                <a
                  href={`mailto:${support.email}`}
                  className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                >
                  <bdi dir="ltr">{support.email}</bdi>
                </a>
              </p>
            ) : null}
            <nav
              aria-label={t('legal.label')}
              className="mt-4 flex justify-center gap-4 text-sm text-slate-500 dark:text-slate-400"
            >
              <Link to={paths.privacy} className="hover:underline">
                {t('legal.privacy')}
              </Link>
              <Link to={paths.terms} className="hover:underline">
                {t('legal.terms')}
              </Link>
            </nav>
          </div>
        </main>
      </div>

      <BrandPanel />
    </div>
  );
}

function BrandPanel() {
  const { t } = useTranslation('auth');
  const highlights = [
    { icon: Sparkles, key: 'points' },
    { icon: Gift, key: 'rewards' },
    { icon: ChartColumn, key: 'analytics' },
  ] as const;
  return (
    <aside className="dot-grid relative hidden overflow-hidden bg-brand-800 text-white lg:flex lg:flex-col lg:justify-center lg:px-14 xl:px-20 dark:bg-brand-950">
      <div
        aria-hidden="true"
        className="absolute -end-24 -top-24 size-80 rounded-full bg-brand-300/15 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -start-16 -bottom-24 size-96 rounded-full bg-brand-400/25 blur-3xl"
      />
      <div className="relative max-w-lg space-y-8">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium ring-1 ring-white/20">
          <span aria-hidden="true" className="size-2 rounded-full bg-amber-400" />
          {t('brand.badge')}
        </p>
        <h2 className="text-4xl leading-tight font-extrabold">{t('brand.headline')}</h2>
        <p className="text-lg leading-relaxed text-brand-100">{t('brand.subhead')}</p>
        <ul className="space-y-4">
          {highlights.map(({ icon: Icon, key }) => (
            <li key={key} className="flex items-center gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 ring-1 ring-white/20">
                <Icon aria-hidden="true" className="size-5 text-amber-300" />
              </span>
              <span className="text-base font-medium">{t(`brand.${key}`)}</span>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
