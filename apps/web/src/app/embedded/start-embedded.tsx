import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { isLanguage, type Language } from '@nuqat/contracts';
import { paths } from '../../config/paths';
import { connectHostChrome } from '../../lib/host';
import { changeLanguage, i18n } from '../../lib/i18n';
import { setDarkMode } from '../../lib/preferences';
import { clearBearerSession, startBearerSession } from '../../lib/session';
import { AppProvider } from '../provider';
import { routes } from '../router';
import { connectToSalla, type ConnectOutcome, type FailureReason } from './connect';
import { EmbeddedFailure, EmbeddedStatus } from './embedded-screens';
import { claimRenewal, forgetRenewals, rememberPath, takeRememberedPath } from './renewal';
import type { SallaBridge, SallaLayout } from './salla-bridge';

/** A session this close to its end is renewed at the next change of screen, not mid-form. */
const RENEW_AHEAD_MS = 10 * 60_000;
/** Salla reloads the frame within a moment of a refresh; past this, the merchant is told. */
const RENEWAL_TIMEOUT_MS = 15_000;

export interface StartEmbeddedOptions {
  bridge: SallaBridge;
  container: HTMLElement;
  /** Tests pass a client without retries. */
  queryClient?: QueryClient;
  renewalTimeoutMs?: number;
}

/** A screen's address inside the frame's router. */
const where = ({ pathname, search }: { pathname: string; search: string }) =>
  `${pathname}${search}`;

/** Salla's locale as one of ours; its direction decides an unknown one. */
function languageOf(layout: SallaLayout): Language {
  const base = layout.locale.toLowerCase().split(/[-_]/)[0];
  if (isLanguage(base)) return base;
  return layout.dir === 'ltr' ? 'en' : 'ar';
}

/**
 * Nuqat inside the Salla merchant dashboard (docs/decisions/031): a word while Salla and the API
 * answer, then the back-office — signed in with an in-memory bearer session, on a router that
 * keeps its place in memory (only /embedded may be framed), Salla's language and theme, Salla's
 * title and toasts — and `ready()`; or a message in both languages and `destroy()`. A session
 * that ends (a 401, or its end near at a change of screen) is renewed through Salla, landing on
 * the same screen.
 */
export function startEmbeddedApp(options: StartEmbeddedOptions): {
  /** Settles once the app is shown, or the failure, or the wait for a new token. */
  started: Promise<void>;
  unmount: () => void;
} {
  const root = createRoot(options.container);
  const life: Life = { stopped: false, renewalTimer: undefined };
  return {
    started: run(options, root, life),
    unmount: () => {
      life.stopped = true;
      clearTimeout(life.renewalTimer);
      root.unmount();
    },
  };
}

interface Life {
  stopped: boolean;
  renewalTimer: ReturnType<typeof setTimeout> | undefined;
}

async function run(options: StartEmbeddedOptions, root: Root, life: Life): Promise<void> {
  const { bridge } = options;
  let phase: 'connecting' | 'live' | 'renewing' | 'failed' = 'connecting';

  const screen = (node: ReactNode) =>
    !life.stopped &&
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>{node}</I18nextProvider>
      </StrictMode>,
    );

  const fail = (reason: FailureReason) => {
    phase = 'failed';
    clearTimeout(life.renewalTimer);
    clearBearerSession();
    connectHostChrome(null);
    screen(
      <EmbeddedFailure
        reason={reason}
        onRetry={() => {
          forgetRenewals();
          bridge.refresh();
          awaitRenewal();
        }}
      />,
    );
    bridge.destroy();
  };

  /** Salla was asked for a new token: the frame reloads, or the merchant is told it did not. */
  const awaitRenewal = () => {
    phase = 'renewing';
    screen(<EmbeddedStatus phase="renewing" />);
    clearTimeout(life.renewalTimer);
    life.renewalTimer = setTimeout(
      () => fail('RENEW_FAILED'),
      options.renewalTimeoutMs ?? RENEWAL_TIMEOUT_MS,
    );
  };

  const applyLayout = (layout: SallaLayout) => {
    void changeLanguage(languageOf(layout));
    setDarkMode(layout.theme === 'dark');
    bridge.onThemeChange((theme) => setDarkMode(theme === 'dark'));
  };

  screen(<EmbeddedStatus phase="connecting" />);
  const outcome = await connectToSalla(bridge, applyLayout).catch((): ConnectOutcome => ({
    kind: 'failed',
    reason: 'UNEXPECTED',
  }));
  if (life.stopped) return;
  if (outcome.kind === 'failed') return fail(outcome.reason);
  if (outcome.kind === 'renewing') return awaitRenewal();

  const { session } = outcome;
  const expiresAt = Date.parse(session.expiresAt);
  const renew = () => {
    if (phase !== 'live') return;
    rememberPath(where(router.state.location));
    if (!claimRenewal()) return fail('RENEW_FAILED');
    bridge.refresh();
    awaitRenewal();
  };
  // The session exists before the router does: its first load already asks for it.
  startBearerSession(
    {
      token: session.token,
      expiresAt,
      merchantId: session.merchant.id,
      merchantName: session.merchant.name,
    },
    renew,
  );
  const router = createMemoryRouter(routes, {
    initialEntries: [takeRememberedPath() ?? paths.dashboard],
  });
  connectHostChrome(bridge);
  let shown = where(router.state.location);
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || where(state.location) === shown) return;
    shown = where(state.location);
    if (expiresAt - Date.now() < RENEW_AHEAD_MS) renew();
  });
  phase = 'live';
  root.render(
    <StrictMode>
      <AppProvider {...(options.queryClient ? { queryClient: options.queryClient } : {})}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
  bridge.ready();
}
