import { embedded } from '@salla.sa/embedded-sdk';
import type { HostChrome } from '../../lib/host';

/** What Salla's dashboard tells the frame about itself when it answers `init()`. */
export interface SallaLayout {
  theme: 'light' | 'dark';
  /** Salla's locale, e.g. `ar` or `en`. */
  locale: string;
  dir: 'rtl' | 'ltr';
}

/**
 * The part of `@salla.sa/embedded-sdk` Nuqat uses (reference §5), behind one interface so the
 * embedded entry can be tested with a stand-in. Every call is the SDK's own: its postMessage
 * protocol is what the Salla dashboard (and the sandbox's stand-in) answers.
 */
export interface SallaBridge extends HostChrome {
  /** The token Salla appended to this page's address (`?token=`), if any. */
  token(): string | null;
  /** The handshake; rejects when no dashboard answers (the SDK waits 10 s). */
  init(): Promise<SallaLayout>;
  /** Tells Salla the app is usable (its loading state ends). */
  ready(): void;
  /** Tells Salla the app cannot go on. */
  destroy(): void;
  /** Asks Salla to load the frame again with a new token. */
  refresh(): void;
  onThemeChange(listener: (theme: 'light' | 'dark') => void): () => void;
}

export function sallaBridge(): SallaBridge {
  return {
    token: () => embedded.auth.getToken(),
    init: async () => {
      const { layout } = await embedded.init();
      return {
        theme: layout.theme === 'dark' ? 'dark' : 'light',
        locale: layout.locale,
        dir: layout.dir,
      };
    },
    ready: () => embedded.ready(),
    destroy: () => embedded.destroy(),
    refresh: () => embedded.auth.refresh(),
    onThemeChange: (listener) => embedded.onThemeChange(listener),
    setTitle: (title) => embedded.page.setTitle(title),
    toast: (type, message) => embedded.ui.toast.show({ type, message }),
  };
}
