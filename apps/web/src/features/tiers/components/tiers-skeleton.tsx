import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';

function Bar({ className }: { className: string }) {
  return <div className={`rounded-lg bg-slate-200 dark:bg-slate-800 ${className}`} />;
}

/** The editor's shape while the tiers load: no layout jump when they arrive. */
export function TiersSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="animate-pulse space-y-6 motion-reduce:animate-none" data-testid="tiers-loading">
      <p role="status" className="sr-only">
        {t('states.loading')}
      </p>
      <Card className="flex items-center justify-between gap-4 p-5 sm:p-6">
        <div className="w-2/3 space-y-2">
          <Bar className="h-5 w-40" />
          <Bar className="h-4 w-full" />
        </div>
        <Bar className="h-7 w-12 rounded-full" />
      </Card>
      <Card className="space-y-4 p-5 sm:p-6">
        <Bar className="h-5 w-48" />
        <div className="grid gap-3 md:grid-cols-2">
          <Bar className="h-16" />
          <Bar className="h-16" />
        </div>
        <Bar className="h-12 w-48" />
      </Card>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="space-y-4">
          <Bar className="h-56" />
          <Bar className="h-56" />
        </div>
        <Bar className="h-64" />
      </div>
    </div>
  );
}
