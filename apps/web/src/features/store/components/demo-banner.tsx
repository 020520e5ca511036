import { useEffect, useState } from 'react';
import { Eye, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { onReadOnlyRefusal } from '../../../lib/api-client';

/**
 * On every back-office page of the read-only demo (decision 044): what this is. When a save is
 * refused (READ_ONLY_DEMO, from any screen), a note says why where the merchant is looking,
 * beside the screen's own "failed to save".
 */
export function DemoBanner() {
  const { t } = useTranslation(['merchant', 'common']);
  const [refused, setRefused] = useState(0);
  useEffect(() => onReadOnlyRefusal(() => setRefused((n) => n + 1)), []);

  return (
    <>
      <section
        aria-labelledby="demo-banner-title"
        data-testid="demo-banner"
        className="mb-6 flex items-start gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4 text-sky-950 dark:border-sky-900/60 dark:bg-sky-950/40 dark:text-sky-100"
      >
        <Eye aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <div className="space-y-1">
          <h2 id="demo-banner-title" className="font-bold">
            {t('merchant:demoBanner.title')}
          </h2>
          <p className="text-sm">{t('merchant:demoBanner.body')}</p>
        </div>
      </section>
      <div
        role="alert"
        data-testid="demo-refusal"
        className="fixed inset-x-4 bottom-4 z-[60] empty:hidden sm:inset-x-auto sm:end-4 sm:w-96"
      >
        {refused > 0 ? (
          <div className="flex items-start gap-3 rounded-2xl border border-sky-300 bg-white p-4 text-sm text-slate-900 shadow-lg dark:border-sky-800 dark:bg-slate-900 dark:text-white">
            <Eye
              aria-hidden="true"
              className="mt-0.5 size-5 shrink-0 text-sky-700 dark:text-sky-300"
            />
            <p className="flex-1">{t('common:errors.READ_ONLY_DEMO')}</p>
            <button
              type="button"
              onClick={() => setRefused(0)}
              aria-label={t('merchant:demoBanner.dismiss')}
              className="rounded-lg p-1 hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
