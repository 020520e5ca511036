import type { ReactNode } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { ListFilter } from 'lucide-react';
import { Button } from '../ui/button';
import { EmptyState } from '../ui/empty-state';
import { ErrorState } from '../ui/error-state';
import { LoadMore } from '../ui/load-more';
import { ListSkeleton } from '../ui/skeleton';
import { errorMessage, failureDetail, type Message } from '../../lib/messages';

type Paged<T> = UseInfiniteQueryResult<InfiniteData<{ items: T[] }>>;

export interface ListStatesProps<T> {
  query: Paged<T>;
  /** The catalogue keys of "could not load" and "could not load more". */
  loadError: Message;
  loadMoreError: Message;
  /** The screen shows one error for several sections: say nothing here. */
  quietOnError?: boolean;
  /** Whether a search or filter is set: an empty answer is then "no match", with a way out. */
  filtered: boolean;
  noMatch: { title: string; description: string; clearLabel: string; onClear: () => void };
  /** A store with no rows at all. */
  empty: ReactNode;
  /** "20 shown" / "all 35 shown", said politely. */
  status: (count: number, hasMore: boolean) => ReactNode;
  loadMoreLabel: string;
  children: (items: T[], busy: boolean) => ReactNode;
}

/**
 * The states every paged list shares (issue 25): loading, an error with retry (never beside
 * rows from an older answer), empty, no match with "clear", and the rows with "load more".
 */
export function ListStates<T>({
  query,
  loadError,
  loadMoreError,
  quietOnError = false,
  filtered,
  noMatch,
  empty,
  status,
  loadMoreLabel,
  children,
}: ListStatesProps<T>) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError && !query.isFetchNextPageError)
    return quietOnError ? null : (
      <ErrorState
        message={errorMessage(query.error, { unknownHttp: () => loadError })}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  const items = query.data.pages.flatMap((page) => page.items);
  const busy = query.isPlaceholderData;
  if (items.length === 0)
    return filtered ? (
      <EmptyState
        icon={<ListFilter aria-hidden="true" className="size-6" />}
        title={noMatch.title}
        description={noMatch.description}
        action={
          <Button variant="secondary" size="sm" onClick={noMatch.onClear}>
            {noMatch.clearLabel}
          </Button>
        }
      />
    ) : (
      <>{empty}</>
    );
  return (
    <div className="space-y-4">
      {children(items, busy)}
      <LoadMore
        status={status(items.length, query.hasNextPage)}
        label={loadMoreLabel}
        hasMore={query.hasNextPage}
        loading={query.isFetchingNextPage}
        disabled={busy}
        onLoadMore={() => void query.fetchNextPage()}
        error={
          query.isFetchNextPageError
            ? { message: loadMoreError, detail: failureDetail(query.error) }
            : null
        }
      />
    </div>
  );
}
