import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { i18n } from '../lib/i18n';
import { server } from './server';

// Route modules are lazy: the first visit to a screen transforms its module on demand, which
// can take several seconds on a two-core runner while every other test file runs in parallel.
// A hang guard, as in the browser tests (e2e/vitest.config.ts), not a timing claim.
configure({ asyncUtilTimeout: 30_000 });

// jsdom has no layout: scrolling (ScrollRestoration) is a no-op here.
window.scrollTo = () => {};
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// Nor ResizeObserver, which Radix uses to size a switch's hidden form input.
window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Nor pointer capture, which Radix's toast uses when a toast's button is pressed (swipe to dismiss).
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => {};
Element.prototype.releasePointerCapture ??= () => {};

// A request no handler answers fails the test that made it: MSW alone only logs it.
const unhandled: string[] = [];

beforeAll(() => {
  server.listen({
    onUnhandledRequest(request, print) {
      unhandled.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  });
});

beforeEach(async () => {
  await i18n.changeLanguage('ar');
  window.localStorage.clear();
  document.cookie = 'nuqat_csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  document.documentElement.classList.remove('dark');
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  const requests = unhandled.splice(0);
  if (requests.length > 0) {
    throw new Error(`requests no handler answered: ${requests.join(', ')}`);
  }
});

afterAll(() => {
  server.close();
});
