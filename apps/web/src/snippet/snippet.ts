import { isWidgetMessage, type ParentMessage } from '@nuqat/contracts/storefront';
import { createPanel, type Panel } from './panel';
import { keepReferral } from './referral';
import { readCustomer, readDir, readLang, type Twilight } from './twilight';

export interface SnippetOptions {
  /** Nuqat's public origin; anything that is not a URL (the unreplaced placeholder) stops the snippet. */
  origin: string;
  win?: Window;
  /** Removes the snippet's window listeners when aborted (tests). */
  signal?: AbortSignal;
}

/**
 * The storefront snippet (docs/storefront-messages.md): a launcher on every store page that opens
 * the loyalty page in an iframe, and the store page's half of the messages with it. The store pays
 * for this file only: the iframe is created when the shopper first opens the launcher.
 */
export function startSnippet({ origin, win = window, signal }: SnippetOptions): void {
  let nuqat: string;
  try {
    nuqat = new URL(origin).origin;
  } catch {
    return;
  }
  const doc = win.document;
  const salla = (win as Window & { salla?: Twilight }).salla;
  if (!salla?.config) {
    // A theme that loads Twilight late: look once more when the page has loaded.
    if (doc.readyState !== 'complete')
      win.addEventListener('load', () => startSnippet({ origin, win, signal }), {
        once: true,
        signal,
      });
    return;
  }
  const listen = { signal };
  const ref = keepReferral(win);

  let merchantId = 0;
  let ui: Panel | undefined;
  let frame: HTMLIFrameElement | undefined;
  /** The shopper the iframe was last told about, so a login reported twice is sent once. */
  let shopperId = 0;

  const send = (message: ParentMessage) => frame?.contentWindow?.postMessage(message, nuqat);

  // Twilight fires some events before onReady: listen at once (reference §4.1). Event payloads
  // can carry the shopper's token, so they are never read; the shopper is read again from config.
  const onLogin = () => {
    const customer = readCustomer(salla);
    if (!merchantId || !customer || customer.id === shopperId) return;
    shopperId = customer.id;
    send({ type: 'nuqat:customer-login', merchantId, customer });
  };
  const onLogout = () => {
    if (!merchantId) return;
    shopperId = 0;
    send({ type: 'nuqat:customer-logout', merchantId });
  };
  salla.event?.on('auth::logged.in', onLogin);
  salla.event?.on('auth::verified', onLogin);
  salla.event?.on('auth::logged.out', onLogout);

  const boot = () => {
    const id = Number(salla.config.get('store.id'));
    // A second copy of the snippet on the page (a theme preview, a pasted tag) stays idle.
    if (merchantId || !Number.isSafeInteger(id) || id <= 0 || doc.querySelector('nuqat-loyalty'))
      return;
    merchantId = id;
    shopperId = readCustomer(salla)?.id ?? 0;
    const lang = readLang(salla, doc);
    ui = createPanel(doc, {
      src: `${nuqat}/customerloyaltysalla?merchantId=${id}&lang=${lang}`,
      lang,
      dir: readDir(doc, lang),
    });
    const { host, launcher, panel, close } = ui;
    const toggle = (open: boolean) => {
      if (open) frame = ui!.frame();
      panel.hidden = !open;
      launcher.setAttribute('aria-expanded', String(open));
      (open ? panel : launcher).focus();
    };
    launcher.onclick = () => toggle(panel.hidden);
    close.onclick = () => toggle(false);
    panel.onkeydown = (event) => {
      if (event.key === 'Escape') toggle(false);
    };

    win.addEventListener(
      'message',
      (event) => {
        if (
          event.origin !== nuqat ||
          !frame ||
          event.source !== frame.contentWindow ||
          !isWidgetMessage(event.data, id)
        )
          return;
        switch (event.data.type) {
          case 'nuqat:request-customer': {
            const customer = readCustomer(salla);
            shopperId = customer?.id ?? 0;
            send({ type: 'nuqat:customer', merchantId: id, customer, ref: ref(), lang });
            break;
          }
          // 'nuqat:logout': the shopper left the loyalty page's own session (its shopper token).
          // The store's session is Salla's and stays as it is; nothing here changes.
        }
      },
      listen,
    );

    // Only on the shopper's first open, never at idle: most visitors never open it, and a warm
    // iframe would cost every page view React's download and, for a signed-in shopper, a loyalty
    // data request to the API.
    doc.body.append(host);
  };

  if (salla.onReady) salla.onReady(boot);
  else boot();
}
