import { useTranslation } from 'react-i18next';

function Block({ className }: { className: string }) {
  return (
    <div className={`animate-pulse rounded-2xl bg-slate-200/80 dark:bg-slate-800 ${className}`} />
  );
}

/** The page's shape while the figures load: no number, real or made up, until they come. */
export function AnalyticsSkeleton() {
  const { t } = useTranslation('analytics');
  return (
    <div role="status" aria-busy="true" data-testid="analytics-loading" className="space-y-6">
      <span className="sr-only">{t('loading')}</span>
      <Block className="h-56" />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-5">
        {Array.from({ length: 5 }, (_, index) => (
          <Block key={index} className="h-32" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Block className="h-64" />
        <Block className="h-64" />
      </div>
      <Block className="h-80" />
    </div>
  );
}
