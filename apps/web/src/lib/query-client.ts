import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** A fresh client per app (and per test): no cache shared between sessions. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // A 4xx will not change by asking again; a flaky network or a 5xx might.
        retry: (failureCount, error) =>
          failureCount < 2 && !(isApiError(error) && error.status < 500),
      },
      mutations: { retry: false },
    },
  });
}
