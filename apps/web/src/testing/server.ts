import { setupServer } from 'msw/node';

/** No default handlers: every test states the answers it relies on. */
export const server = setupServer();
