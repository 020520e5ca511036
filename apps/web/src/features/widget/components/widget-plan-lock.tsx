import { useTranslation } from 'react-i18next';
import { ExternalLink, Lock } from 'lucide-react';
import { SUPPORT } from '@nuqat/contracts';

/** The tag on a Growth-plan group for a store on Starter: the fields are shown, locked. */
export function GrowthTag() {
  const { t } = useTranslation('widget');
  return (
    <span className="ms-2 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
      <Lock aria-hidden="true" className="size-3" />
      {t('growthOnly')}
    </span>
  );
}

/** Why the Growth plan's fields are locked, under their title, and where to upgrade. */
export function GrowthHint() {
  const { t } = useTranslation('widget');
  return (
    <div className="space-y-2" data-testid="widget-upgrade">
      <p className="text-sm text-slate-500 dark:text-slate-400">{t('growthHint')}</p>
      <a
        href={SUPPORT.sallaAppStore}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex min-h-11 items-center gap-2 rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:bg-brand-500 dark:text-slate-950"
      >
        {t('upgrade')}
        <ExternalLink aria-hidden="true" className="size-4" />
      </a>
    </div>
  );
}
