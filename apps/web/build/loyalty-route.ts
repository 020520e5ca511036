import type { Connect, Plugin } from 'vite';

/** Where the API serves the shoppers' loyalty page (spec §2), and the file it serves there. */
export const LOYALTY_ROUTE = '/customerloyaltysalla';
const LOYALTY_FILE = '/loyalty.html';

/**
 * In production the API answers `GET /customerloyaltysalla` with `dist/loyalty.html`. This does
 * the same for `vite` and `vite preview`, so the page opens at its real address there too
 * instead of falling through to the back-office's 404 route.
 */
export function loyaltyPageRoute(): Plugin {
  const rewrite: Connect.NextHandleFunction = (request, _response, next) => {
    const url = request.url ?? '';
    const [pathname, query] = url.split('?', 2);
    if (pathname === LOYALTY_ROUTE || pathname === `${LOYALTY_ROUTE}/`) {
      request.url = query === undefined ? LOYALTY_FILE : `${LOYALTY_FILE}?${query}`;
    }
    next();
  };
  return {
    name: 'nuqat:loyalty-route',
    configureServer(server) {
      server.middlewares.use(rewrite);
    },
    configurePreviewServer(server) {
      server.middlewares.use(rewrite);
    },
  };
}
