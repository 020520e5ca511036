import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { ICON_BUTTON } from './ui';

export interface PageHeaderProps {
  storeName: string | null;
  /** Present when the page is in the store's iframe: asks the store to close the panel. */
  onClose?: () => void;
}

export function PageHeader({ storeName, onClose }: PageHeaderProps) {
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
        {onClose ? (
          <button
            type="button"
            className={ICON_BUTTON}
            aria-label={t('page.close')}
            title={t('page.close')}
            onClick={onClose}
          >
            <Icon name="x" />
          </button>
        ) : null}
      </div>
    </header>
  );
}
