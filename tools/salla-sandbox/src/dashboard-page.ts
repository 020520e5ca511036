/**
 * A stand-in for the Salla merchant dashboard's page of an embedded app
 * (`https://s.salla.sa/embedded/app/{appId}/{route}`, reference §5). It plays Salla's part and
 * nothing more: it frames the app's `iframe_url` with `token`, `theme` and `lang` appended (the
 * three parameters the reference documents), and answers the embedded SDK's postMessage
 * protocol as `@salla.sa/embedded-sdk` 0.2.5 speaks it (read from the package's dist):
 *
 * - `embedded::iframe.ready` → `embedded::context.provide` `{layout: {theme, locale, dir, width,
 *   currency}}`, the answer `embedded.init()` waits for;
 * - `embedded::auth.refresh` → a new token, and the frame reloaded with it;
 * - `embedded::ready` and `embedded::destroy` → the page's state (`body[data-state]`);
 * - `embedded::page.setTitle` → the page's heading; `embedded::ui.toast` → a toast;
 *   `embedded::ui.loading` → the loading bar;
 * - its theme switch → `embedded::theme.change` `{theme}`; its language link reloads the page.
 *
 * Messages to the frame carry `source: 'merchant-dashboard'`, a timestamp and a payload, as the
 * SDK checks. What the real dashboard shows on `destroy` is not documented: this one keeps the
 * frame (so the app's own message stays readable) and says that the app closed itself. Every
 * message is listed in the page's «bridge» panel and counted in `window.__dashboard`, for tests.
 */

export type DashboardFirstToken = 'valid' | 'expired' | 'invalid' | 'other-app';

const TEXT = {
  ar: {
    brand: 'سلة',
    sandbox: 'لوحة تحكم تجريبية (Sandbox)',
    other: { lang: 'en', label: 'English' },
    theme: 'الوضع الداكن',
    nav: ['الرئيسية', 'الطلبات', 'المنتجات', 'العملاء', 'التطبيقات'],
    loading: 'جارٍ تحميل التطبيق…',
    destroyed: 'أغلق التطبيق نفسه (embedded.destroy).',
    bridge: 'رسائل الجسر',
    frame: 'التطبيق المضمّن',
  },
  en: {
    brand: 'Salla',
    sandbox: 'Stand-in dashboard (sandbox)',
    other: { lang: 'ar', label: 'العربية' },
    theme: 'Dark mode',
    nav: ['Home', 'Orders', 'Products', 'Customers', 'Apps'],
    loading: 'Loading the app…',
    destroyed: 'The app closed itself (embedded.destroy).',
    bridge: 'Bridge messages',
    frame: 'Embedded app',
  },
};

export function dashboardPage(input: {
  appId: string;
  merchantId: number;
  storeName: string;
  /** The app's `iframe_url` as registered in the Partners Portal. */
  iframeUrl: string;
  /** The token the page opens the frame with. */
  token: string;
  lang: 'ar' | 'en';
  theme: 'light' | 'dark';
  /** The page's query string, kept by the language link. */
  search?: string;
}): string {
  const t = TEXT[input.lang];
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const other = new URLSearchParams(input.search);
  other.set('lang', t.other.lang);
  other.delete('first');
  // JSON inside <script>: `<` escaped so no value can close the element.
  const config = JSON.stringify({
    appId: input.appId,
    merchantId: input.merchantId,
    iframeUrl: input.iframeUrl,
    token: input.token,
    lang: input.lang,
    theme: input.theme,
  }).replace(/</g, '\\u003c');

  return `<!doctype html>
<html lang="${input.lang}" dir="${input.lang === 'ar' ? 'rtl' : 'ltr'}" class="${input.theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(input.storeName)} · ${t.brand}</title>
<style>
  :root { color-scheme: light; --bg: #f4f6f8; --panel: #fff; --text: #1d2433; --muted: #667085;
    --line: #e4e7ec; --brand: #004956; --accent: #baf3e6; }
  html.dark { color-scheme: dark; --bg: #0f1419; --panel: #161d26; --text: #e6edf3; --muted: #98a2b3;
    --line: #273241; --brand: #baf3e6; --accent: #0b3b43; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, Tahoma, Arial, sans-serif; background: var(--bg); color: var(--text); }
  header { display: flex; align-items: center; gap: 12px; height: 56px; padding-inline: 16px;
    background: var(--panel); border-block-end: 1px solid var(--line); }
  .brand { font-weight: 800; color: var(--brand); font-size: 20px; }
  .store { font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .sandbox { font-size: 12px; color: var(--muted); }
  .spacer { flex: 1; }
  header a, header button { font: inherit; font-size: 14px; color: var(--text); background: none;
    border: 1px solid var(--line); border-radius: 8px; padding: 6px 10px; text-decoration: none; cursor: pointer; }
  .layout { display: flex; min-height: calc(100dvh - 56px); }
  nav { width: 200px; flex-shrink: 0; background: var(--panel); border-inline-end: 1px solid var(--line); padding: 12px; }
  nav span { display: block; padding: 8px 10px; border-radius: 8px; color: var(--muted); font-size: 14px; }
  nav span.active { background: var(--accent); color: var(--brand); font-weight: 600; }
  main { flex: 1; min-width: 0; padding: 16px; display: flex; flex-direction: column; gap: 12px; }
  h1 { margin: 0; font-size: 20px; }
  .frame-box { position: relative; flex: 1; min-height: 560px; border: 1px solid var(--line);
    border-radius: 12px; overflow: hidden; background: var(--panel); }
  iframe { border: 0; width: 100%; height: 100%; position: absolute; inset: 0; }
  .overlay { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center;
    background: var(--panel); color: var(--muted); }
  body:not([data-state="loading"]) .overlay { display: none; }
  .bar { height: 3px; background: var(--brand); width: 0; transition: width .3s; }
  body.busy .bar { width: 60%; }
  .notice { display: none; padding: 10px 12px; border-radius: 8px; background: #fef3f2; color: #b42318; }
  body[data-state="destroyed"] .notice { display: block; }
  #toasts { position: fixed; inset-block-start: 68px; inset-inline-end: 16px; display: flex;
    flex-direction: column; gap: 8px; z-index: 10; max-width: 360px; }
  .toast { padding: 10px 14px; border-radius: 10px; background: var(--panel); border: 1px solid var(--line);
    box-shadow: 0 6px 20px rgb(0 0 0 / .12); font-size: 14px; }
  .toast[data-type="success"] { border-inline-start: 4px solid #12b76a; }
  .toast[data-type="error"] { border-inline-start: 4px solid #f04438; }
  details { font-size: 12px; color: var(--muted); }
  details ol { max-height: 160px; overflow: auto; font-family: ui-monospace, monospace; direction: ltr; text-align: left; }
  @media (max-width: 767px) { nav { display: none; } main { padding: 8px; } .sandbox { display: none; } }
</style>
</head>
<body data-state="loading">
<header>
  <span class="brand">${t.brand}</span>
  <span class="store">${esc(input.storeName)}</span>
  <span class="sandbox">${t.sandbox}</span>
  <span class="spacer"></span>
  <a href="?${esc(other.toString())}" hreflang="${t.other.lang}">${t.other.label}</a>
  <button type="button" id="theme" aria-pressed="${input.theme === 'dark'}">${t.theme}</button>
</header>
<div class="bar" aria-hidden="true"></div>
<div class="layout">
  <nav aria-hidden="true">${t.nav
    .map((item, i) => `<span class="${i === t.nav.length - 1 ? 'active' : ''}">${item}</span>`)
    .join('')}</nav>
  <main>
    <h1 id="page-title">${esc(input.appId)}</h1>
    <p class="notice" role="alert">${t.destroyed}</p>
    <div class="frame-box">
      <iframe id="app-frame" title="${t.frame}"></iframe>
      <div class="overlay">${t.loading}</div>
    </div>
    <details><summary>${t.bridge}</summary><ol id="bridge-log"></ol></details>
  </main>
</div>
<div id="toasts" role="status" aria-live="polite"></div>
<script>
(function () {
  const CONFIG = ${config};
  const frame = document.getElementById('app-frame');
  const appOrigin = new URL(CONFIG.iframeUrl).origin;
  const heading = document.getElementById('page-title');
  const record = { events: [], refreshes: 0, titles: [], toasts: [] };
  window.__dashboard = record;
  let theme = CONFIG.theme;

  function frameUrl(token) {
    const url = new URL(CONFIG.iframeUrl);
    url.searchParams.set('token', token);
    url.searchParams.set('theme', theme);
    url.searchParams.set('lang', CONFIG.lang);
    return url.toString();
  }
  function log(direction, event, payload) {
    const item = document.createElement('li');
    item.textContent = direction + ' ' + event + ' ' + JSON.stringify(payload);
    document.getElementById('bridge-log').appendChild(item);
  }
  function send(event, payload, requestId) {
    const message = { event: event, payload: payload, timestamp: Date.now(), source: 'merchant-dashboard' };
    if (requestId) message.requestId = requestId;
    log('→', event, payload);
    frame.contentWindow.postMessage(message, appOrigin);
  }
  function toast(type, message, duration) {
    const box = document.createElement('div');
    box.className = 'toast';
    box.dataset.type = type;
    box.textContent = message;
    document.getElementById('toasts').appendChild(box);
    setTimeout(function () { box.remove(); }, duration || 4000);
  }
  async function refresh() {
    record.refreshes += 1;
    document.body.dataset.refreshes = String(record.refreshes);
    document.body.dataset.state = 'loading';
    const res = await fetch('/__sandbox/embedded-token', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId: CONFIG.merchantId, appId: CONFIG.appId }),
    });
    frame.src = frameUrl((await res.json()).token);
  }

  window.addEventListener('message', function (e) {
    if (e.source !== frame.contentWindow || e.origin !== appOrigin) return;
    const m = e.data;
    if (!m || typeof m.event !== 'string' || m.source !== 'embedded-app') return;
    const payload = m.payload || {};
    record.events.push(m.event);
    log('←', m.event, payload);
    switch (m.event) {
      case 'embedded::iframe.ready':
        send('embedded::context.provide', {
          layout: {
            theme: theme,
            locale: CONFIG.lang,
            dir: CONFIG.lang === 'ar' ? 'rtl' : 'ltr',
            width: frame.clientWidth,
            currency: 'SAR',
          },
        });
        break;
      case 'embedded::ready':
        document.body.dataset.state = 'ready';
        break;
      case 'embedded::destroy':
        document.body.dataset.state = 'destroyed';
        break;
      case 'embedded::auth.refresh':
        void refresh();
        break;
      case 'embedded::page.setTitle':
        record.titles.push(payload.title);
        heading.textContent = payload.title;
        document.title = payload.title + ' · ' + ${JSON.stringify(t.brand)};
        break;
      case 'embedded::ui.toast':
        record.toasts.push({ type: payload.type, message: payload.message });
        toast(payload.type, payload.message, payload.duration);
        break;
      case 'embedded::ui.loading':
        document.body.classList.toggle('busy', payload.action === 'show');
        break;
    }
  });

  document.getElementById('theme').addEventListener('click', function (e) {
    theme = theme === 'dark' ? 'light' : 'dark';
    document.documentElement.className = theme;
    e.currentTarget.setAttribute('aria-pressed', String(theme === 'dark'));
    send('embedded::theme.change', { theme: theme });
  });

  frame.src = frameUrl(CONFIG.token);
})();
</script>
</body>
</html>
`;
}
