import { useTranslation } from 'react-i18next';
import { Store } from 'lucide-react';

/** Whose figures these are: the store's name and the owner's e-mail, from the same answer. */
export function StoreBadge({ storeName, userEmail }: { storeName: string; userEmail: string }) {
  const { t } = useTranslation('analytics');
  return (
    <p
      data-testid="store-badge"
      className="inline-flex max-w-full items-center gap-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/30"
    >
      <Store aria-hidden="true" className="size-4 shrink-0" />
      <span className="sr-only">{t('storeBadge')}:</span>
      <span dir="auto" className="truncate font-semibold">
        {storeName}
      </span>
      {userEmail ? (
        <>
          <span aria-hidden="true" className="text-brand-400">
            ·
          </span>
          <bdi dir="ltr" className="truncate text-xs text-brand-800 dark:text-brand-200">
            {userEmail}
          </bdi>
        </>
      ) : null}
    </p>
  );
}
