import type { ReactNode } from 'react';
import type { Message } from '../../lib/messages';
import { ActionError } from './action-error';
import { Button } from './button';

export interface LoadMoreProps {
  /** How many rows are shown (and whether that is all), said politely to screen readers. */
  status: ReactNode;
  label: string;
  hasMore: boolean;
  loading: boolean;
  /** While a new search's answer is awaited, the old rows cannot be extended. */
  disabled?: boolean;
  onLoadMore: () => void;
  /** A next page that failed: the rows read so far stay, with why and a way to try again. */
  error?: { message: Message; detail: Message | null } | null;
}

/** The foot of a keyset-paged list: its count, the failure of the last page, "load more". */
export function LoadMore({
  status,
  label,
  hasMore,
  loading,
  disabled = false,
  onLoadMore,
  error,
}: LoadMoreProps) {
  return (
    <>
      {error ? <ActionError message={error.message} detail={error.detail} /> : null}
      <div className="flex flex-col items-center gap-3 sm:flex-row sm:justify-between">
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          {status}
        </p>
        {hasMore ? (
          <Button
            variant="secondary"
            onClick={onLoadMore}
            loading={loading}
            disabled={loading || disabled}
            className="w-full sm:w-auto"
          >
            {label}
          </Button>
        ) : null}
      </div>
    </>
  );
}
