import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '../../config/paths';
import { onSessionEnd } from '../../lib/session';

/**
 * The app shell. When any call answers 401 (or the merchant logs out) the API client ends the
 * session; here the cache is dropped and the merchant is taken to /login, told why.
 */
export function RootRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(
    () =>
      onSessionEnd((reason) => {
        // Leave the merchant screens first, so no mounted query refetches the dropped cache.
        void Promise.resolve(
          navigate(paths.login, {
            replace: true,
            state: reason === 'logout' ? null : { reason },
          }),
        ).then(() => queryClient.clear());
      }),
    [navigate, queryClient],
  );

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
