import type { ReactNode } from 'react';
import { Inbox } from 'lucide-react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
}

export function EmptyState({ title, description, action, icon }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-6 py-10 text-center dark:border-slate-700">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        {icon ?? <Inbox aria-hidden="true" className="size-6" />}
      </span>
      <p className="font-semibold text-slate-900 dark:text-white">{title}</p>
      {description ? (
        <p className="max-w-md text-sm leading-relaxed text-slate-600 dark:text-slate-400">
          {description}
        </p>
      ) : null}
      {action}
    </div>
  );
}
