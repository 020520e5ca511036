import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';

export interface RenderAppOptions {
  /** Passed to userEvent.setup, e.g. to drive fake timers. */
  advanceTimers?: (ms: number) => unknown;
}

/** The whole app (real routes, providers and API client) at `path`, in memory. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup(
    options.advanceTimers ? { advanceTimers: options.advanceTimers } : {},
  );
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, user, queryClient };
}
