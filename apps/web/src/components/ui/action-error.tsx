import { CircleAlert } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useMessageText, type Message } from '../../lib/messages';

export interface ActionErrorProps {
  /** What failed, in the screen's words ("Failed to save the reward"). */
  message: Message | null;
  /** Why, when the server said (e.g. the plan does not include this). */
  detail?: Message | null;
  className?: string;
}

/** A failed action, announced at once (role="alert"), where the merchant is looking. */
export function ActionError({ message, detail, className }: ActionErrorProps) {
  const text = useMessageText();
  if (!message) return null;
  return (
    <div
      role="alert"
      className={cn(
        'flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800',
        'dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-0.5">
        <p className="font-semibold">{text(message)}</p>
        {detail ? <p>{text(detail)}</p> : null}
      </div>
    </div>
  );
}
