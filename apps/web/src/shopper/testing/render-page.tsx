import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import type { ParentMessage } from '@nuqat/contracts/storefront';
import { LoyaltyApp } from '../components/loyalty-app';
import { prepareDocument } from '../lib/document';
import { createTranslator } from '../lib/i18n';
import { readPageConfig, STORE_ORIGIN_META } from '../lib/page-config';
import { MERCHANT_ID, STORE_ORIGIN } from './fixtures';

export interface RenderPageOptions {
  /** The page's query string; a store and Arabic by default. */
  search?: string;
  /** In the store's iframe (a parent window that records what the page posts to it). */
  framed?: boolean;
  /** What the API wrote into the nuqat-store-origin meta tag. */
  storeOrigins?: string;
}

/**
 * The loyalty page as main.tsx starts it (readPageConfig, prepareDocument, StrictMode), with a
 * stand-in for the window around it: its query string, and in a frame, a parent whose
 * postMessage is a spy. Messages from the store arrive as real `message` events on `window`.
 */
export function renderPage({
  search = `?merchantId=${MERCHANT_ID}`,
  framed = false,
  storeOrigins = STORE_ORIGIN,
}: RenderPageOptions = {}) {
  document.head
    .querySelectorAll(`meta[name="${STORE_ORIGIN_META}"]`)
    .forEach((tag) => tag.remove());
  const meta = document.createElement('meta');
  meta.name = STORE_ORIGIN_META;
  meta.content = storeOrigins;
  document.head.append(meta);

  const parent = { postMessage: vi.fn() };
  const page: Record<string, unknown> = {
    location: { search },
    document,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  page.parent = framed ? parent : page;

  const config = readPageConfig(page as unknown as Window);
  const i18n = createTranslator(config.language);
  prepareDocument(i18n);
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <LoyaltyApp config={config} i18n={i18n} />
    </StrictMode>,
  );

  /** A message from the store page (or from anyone pretending to be it). */
  const sendFromStore = (message: ParentMessage | Record<string, unknown>, origin = STORE_ORIGIN) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: message, origin }));
    });

  return { ...view, user, parent, config, i18n, sendFromStore };
}
