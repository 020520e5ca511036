import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Gift, History, Sparkles } from 'lucide-react';
import { Logo } from '../../components/brand/logo';
import { LanguageToggle } from '../../components/preferences/language-toggle';
import { Card } from '../../components/ui/card';
import { FormMessage } from '../../components/ui/form-message';
import { useDocumentTitle } from '../../lib/document-title';

const SECTIONS = [
  { key: 'rewards', icon: Gift },
  { key: 'earn', icon: Sparkles },
  { key: 'history', icon: History },
] as const;

/** The shopper's loyalty page, embedded in the store; the store comes from ?merchantId=. */
export function CustomerLoyaltyRoute() {
  const { t } = useTranslation('customer');
  useDocumentTitle('customer:title');
  const [searchParams] = useSearchParams();
  const merchantId = searchParams.get('merchantId');

  return (
    <div className="min-h-dvh bg-slate-50 px-4 py-6 dark:bg-slate-950">
      <div className="mx-auto max-w-2xl space-y-6">
        <header className="flex items-center justify-between gap-3">
          <Logo />
          <LanguageToggle />
        </header>
        <main className="space-y-6">
          <div className="space-y-2">
            <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{t('title')}</h1>
            <p className="leading-relaxed text-slate-600 dark:text-slate-400">{t('description')}</p>
          </div>
          {merchantId ? null : (
            <FormMessage tone="error" message={{ key: 'customer:errors.noStore' }} />
          )}
          <ul className="grid gap-3 sm:grid-cols-3">
            {SECTIONS.map(({ key, icon: Icon }) => (
              <li key={key}>
                <Card className="h-full space-y-2 p-4">
                  <Icon aria-hidden="true" className="size-6 text-brand-700 dark:text-brand-300" />
                  <h2 className="font-semibold text-slate-900 dark:text-white">
                    {t(`sections.${key}.title`)}
                  </h2>
                  <p className="text-sm text-slate-600 dark:text-slate-400">
                    {t(`sections.${key}.description`)}
                  </p>
                </Card>
              </li>
            ))}
          </ul>
        </main>
      </div>
    </div>
  );
}
