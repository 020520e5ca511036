import { useI18n } from '../lib/i18n';
import { Icon } from './icons';

export interface PageHeaderProps {
  storeName: string | null;
}

/** The page's title bar when it is opened on its own (in the store, the snippet's bar is it). */
export function PageHeader({ storeName }: PageHeaderProps) {
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-10 border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-xl items-center gap-3 px-4 py-2">
        <span className="grid size-9 shrink-0 place-items-center rounded-xl bg-brand-700 text-white dark:bg-brand-400 dark:text-slate-950">
          <Icon name="sparkles" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-bold text-slate-900 dark:text-white">
            {t('page.title')}
          </h1>
          {storeName ? (
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">{storeName}</p>
          ) : null}
        </div>
      </div>
    </header>
  );
}
