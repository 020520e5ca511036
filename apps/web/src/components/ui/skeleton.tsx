import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { Card } from './card';

/** A grey block where text or a figure will be; it pulses unless motion is reduced. */
export function SkeletonBar({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn(
        'animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800',
        className,
      )}
    />
  );
}

/** "Loading", said to screen readers; the busy region is the skeleton around it. */
function LoadingAnnouncement() {
  const { t } = useTranslation();
  return (
    <p role="status" className="sr-only">
      {t('states.loading')}
    </p>
  );
}

/**
 * The rows of a list while its first page loads (issue 27: no blank spinner): cards the size of
 * the list's rows, so nothing jumps when they arrive.
 */
export function ListSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div aria-busy="true" data-testid="list-skeleton" className="space-y-3">
      <LoadingAnnouncement />
      {Array.from({ length: rows }, (_, i) => (
        <Card key={i} className="flex items-center gap-4 p-4">
          <SkeletonBar className="size-10 shrink-0 rounded-full" />
          <div className="min-w-0 flex-1 space-y-2">
            <SkeletonBar className="h-4 w-1/3" />
            <SkeletonBar className="h-3 w-2/3" />
          </div>
          <SkeletonBar className="h-6 w-16 shrink-0" />
        </Card>
      ))}
    </div>
  );
}

/**
 * A back-office screen before its code and data arrive (a hard reload): the title, its line, and
 * cards — inside the app's shell, which is drawn at once around it.
 */
export function PageSkeleton() {
  return (
    <div aria-busy="true" data-testid="page-skeleton" className="space-y-8">
      <LoadingAnnouncement />
      <div className="space-y-3">
        <SkeletonBar className="h-8 w-56 max-w-full" />
        <SkeletonBar className="h-4 w-full max-w-xl" />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <SkeletonBar key={i} className="h-28 rounded-2xl" />
        ))}
      </div>
      <SkeletonBar className="h-48 rounded-2xl" />
    </div>
  );
}
