import { useTranslation } from 'react-i18next';
import { Lock } from 'lucide-react';

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

/** Why the Growth plan's fields are locked, under their title. */
export function GrowthHint() {
  const { t } = useTranslation('widget');
  return <p className="text-sm text-slate-500 dark:text-slate-400">{t('growthHint')}</p>;
}
