import { StrictMode } from 'react';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { ParentMessage } from '@nuqat/contracts/storefront';
import { server } from '../../testing/server';
import { LoyaltyApp } from '../components/loyalty-app';
import { prepareDocument } from '../lib/document';
import { createTranslator } from '../lib/i18n';
import { readPageConfig, STORE_ORIGIN_META } from '../lib/page-config';
import {
  AUTH_OPTIONS_URL,
  MERCHANT_ID,
  PROGRAMME_URL,
  SARA_IN_STORE,
  STORE_ORIGIN,
  keptSession,
  programmeBody,
} from './fixtures';

export interface RenderPageOptions {
  /** The page's query string; a store and Arabic by default. */
  search?: string;
  /** In the store's iframe (a parent window that records what the page posts to it). */
  framed?: boolean;
  /** What the API wrote into the nuqat-store-origin meta tag. */
  storeOrigins?: string;
  /**
   * The store's public programme, as GET /api/storefront/{id}/programme answers it to whoever is
   * not signed in; a status number answers an error instead.
   */
  programme?: ReturnType<typeof programmeBody> | number;
  /** GET /api/customers/auth/options: e-mail only by default (no SMS provider). */
  authOptions?: { channels: Array<'email' | 'sms'>; preferred: 'email' | 'sms' } | number;
}

/**
 * The loyalty page as main.tsx starts it (readPageConfig, prepareDocument, StrictMode), with a
 * stand-in for the window around it: its query string, and in a frame, a parent window whose
 * postMessage is a spy. Messages from the store arrive as real `message` events on `window`,
 * sent by that parent.
 */
export function renderPage({
  search = `?merchantId=${MERCHANT_ID}`,
  framed = false,
  storeOrigins = STORE_ORIGIN,
  programme = programmeBody(),
  authOptions = { channels: ['email'], preferred: 'email' },
}: RenderPageOptions = {}) {
  document.head
    .querySelectorAll(`meta[name="${STORE_ORIGIN_META}"]`)
    .forEach((tag) => tag.remove());
  const meta = document.createElement('meta');
  meta.name = STORE_ORIGIN_META;
  meta.content = storeOrigins;
  document.head.append(meta);
  server.use(
    http.get(PROGRAMME_URL, () =>
      typeof programme === 'number'
        ? HttpResponse.json({ success: false }, { status: programme })
        : HttpResponse.json(programme),
    ),
    http.get(AUTH_OPTIONS_URL, () =>
      typeof authOptions === 'number'
        ? HttpResponse.json({ success: false }, { status: authOptions })
        : HttpResponse.json({ success: true, data: authOptions }),
    ),
  );

  // A real window (jsdom's, of a detached frame) so the page can check who sent a message.
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const parentWindow = frame.contentWindow!;
  const parent = {
    postMessage: vi.spyOn(parentWindow, 'postMessage').mockImplementation(() => {}),
  };
  const page: Record<string, unknown> = {
    location: { search },
    document,
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
  };
  page.parent = framed ? parentWindow : page;

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
  const sendFromStore = (
    message: ParentMessage | Record<string, unknown>,
    origin = STORE_ORIGIN,
    source: Window | null = parentWindow,
  ) =>
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: message, origin, source }));
    });

  /** What the page posted to the store page, in order. */
  const posted = () => parent.postMessage.mock.calls.map(([message]) => message as unknown);

  return { ...view, user, parent, parentWindow, config, i18n, sendFromStore, posted };
}

/** The store page's answer: Sara signed in to the store, with the token it kept for her. */
export function storeAnswer(overrides: Record<string, unknown> = {}) {
  return {
    type: 'nuqat:customer',
    merchantId: Number(MERCHANT_ID),
    customer: SARA_IN_STORE,
    ref: null,
    lang: 'ar',
    session: keptSession(),
    cart: false,
    login: false,
    signIn: false,
    ...overrides,
  };
}

/**
 * The page in the store's frame, handed Sara's token by the store page (docs/decisions/030): a
 * returning shopper.
 */
export function renderSignedIn(
  options: Omit<RenderPageOptions, 'framed'> & { answer?: Record<string, unknown> } = {},
) {
  const { answer, ...rest } = options;
  const page = renderPage({ framed: true, ...rest });
  page.sendFromStore(storeAnswer(answer));
  return page;
}
