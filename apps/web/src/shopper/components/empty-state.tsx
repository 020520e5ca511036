import { Icon, type IconName } from './icons';

export interface EmptyStateProps {
  icon: IconName;
  text: string;
}

export function EmptyState({ icon, text }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center dark:border-slate-700">
      <span className="grid size-12 place-items-center rounded-full bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400">
        <Icon name={icon} className="size-6" />
      </span>
      <p className="text-sm text-slate-600 dark:text-slate-300">{text}</p>
    </div>
  );
}
