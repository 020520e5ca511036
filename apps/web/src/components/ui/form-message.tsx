import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../lib/cn';
import { useMessageText, type Message } from '../../lib/messages';

export interface FormMessageProps {
  tone: 'error' | 'success';
  message: Message | null;
  className?: string;
}

/**
 * An error (role="alert", announced at once) or a success (role="status", announced politely)
 * above a form. The status region stays mounted so assistive tech notices new text in it.
 */
export function FormMessage({ tone, message, className }: FormMessageProps) {
  const text = useMessageText();
  if (tone === 'error') {
    if (!message) return null;
    return (
      <div
        role="alert"
        className={cn(
          'flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800',
          'dark:border-red-900/60 dark:bg-red-950/50 dark:text-red-200',
          className,
        )}
      >
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <p>{text(message)}</p>
      </div>
    );
  }
  return (
    <div role="status" className={cn(!message && 'sr-only', className)}>
      {message ? (
        <div className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 dark:border-emerald-900/60 dark:bg-emerald-950/50 dark:text-emerald-200">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>{text(message)}</p>
        </div>
      ) : null}
    </div>
  );
}
