import type { StoreWidget } from '@nuqat/contracts/plain';
import type { Lang } from './twilight';

const TEXT = {
  ar: { open: 'نقاطي', close: 'إغلاق', frame: 'برنامج الولاء والمكافآت' },
  en: { open: 'My points', close: 'Close', frame: 'Loyalty and rewards' },
};

/** The launcher's icons (Widget settings): a gift, a star, a crown. */
const ICONS = {
  gift: 'M20 12v10H4V12M2 7h20v5H2zM12 22V7m0 0H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zm0 0h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z',
  star: 'm12 2 3 7h7l-6 4 2 8-6-5-6 5 2-8-6-4h7z',
  crown: 'm2 18 2-11 5 5 3-7 3 7 5-5 2 11zM4 21h16',
};

const icon = (path: string) =>
  `<svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d="${path}"/></svg>`;

/*
 * Inside a shadow root the store's stylesheets cannot reach the launcher or the panel, and ours
 * cannot leak into the store. Custom properties do cross the boundary: the theme's
 * --color-primary (and --color-primary-reverse for text on it) colour the launcher, Nuqat's brand
 * when the theme has none. Logical insets put everything in the inline-end corner of the page's
 * direction (bottom-left in Arabic).
 */
const css = (side: string, accent: string, ink: string, r: number) =>
  `:host{all:initial;font-family:inherit}` +
  `*{box-sizing:border-box}` +
  `button{font:inherit;cursor:pointer;-webkit-tap-highlight-color:transparent}` +
  `button:focus-visible,.p:focus-visible{outline:3px solid ${accent};outline-offset:2px}` +
  `.n{padding:2px 8px;border-radius:999px;background:rgba(255,255,255,.22);font-size:13px;font-variant-numeric:tabular-nums}` +
  `.n[hidden]{display:none}` +
  `.l{position:fixed;z-index:2147483000;bottom:calc(16px + env(safe-area-inset-bottom,0px));inset-inline-${side}:16px;display:flex;align-items:center;gap:8px;min-height:48px;padding:0 18px;border:0;border-radius:${r * 1.5}px;background:${accent};color:${ink};font-size:15px;font-weight:700;line-height:1;box-shadow:0 6px 20px rgba(0,0,0,.22)}` +
  `.p{position:fixed;z-index:2147483001;bottom:80px;inset-inline-${side}:16px;width:400px;height:min(640px,calc(100vh - 104px));display:flex;flex-direction:column;background:#fff;color:#111827;border-radius:${r}px;overflow:hidden;box-shadow:0 16px 48px rgba(0,0,0,.28);overscroll-behavior:contain}` +
  `.p[hidden]{display:none}` +
  `.h{display:flex;align-items:center;justify-content:space-between;gap:8px;min-height:48px;padding-inline:16px 4px;border-bottom:1px solid #e5e7eb;font-size:15px;font-weight:700}` +
  `.x{display:grid;place-items:center;width:44px;height:44px;border:0;border-radius:12px;background:none;color:inherit}` +
  `.x:hover{background:#f3f4f6}` +
  `iframe{flex:1;width:100%;border:0;background:#fff;color-scheme:normal}` +
  `@media (max-width:600px){.p{inset:0;width:auto;height:auto;border-radius:0}}` +
  `:host(.d) .p,:host(.d) iframe{background:#0f172a;color:#f1f5f9}:host(.d) .h{border-color:#1e293b}:host(.d) .x:hover{background:#1e293b}` +
  `@media (prefers-reduced-motion:no-preference){.l{transition:transform .15s}.l:hover{transform:translateY(-2px)}}` +
  `@media print{:host{display:none}}`;

export interface Panel {
  host: HTMLElement;
  launcher: HTMLButtonElement;
  panel: HTMLElement;
  close: HTMLButtonElement;
  /** Creates the iframe once; later calls return the same one. */
  frame: () => HTMLIFrameElement;
  /** The signed-in shopper's balance on the launcher; null hides it. */
  points: (points: number | null) => void;
}

/**
 * The launcher and the panel in the merchant's look (decision 034): their label and icon, the
 * corner, the accent (the theme's primary unless they chose one), the radius, the panel light or
 * dark (`dark`, decided from the store page) and the store's logo.
 */
export function createPanel(
  doc: Document,
  input: {
    src: string;
    lang: Lang;
    dir: string;
    widget: StoreWidget;
    dark: boolean;
    accent: string;
  },
): Panel {
  const t = TEXT[input.lang];
  const w = input.widget;
  // readStoreWidget has taken any markup character out of the merchant's label.
  const label = w.label[input.lang] || t.open;
  const host = doc.createElement('nuqat-loyalty');
  host.setAttribute('dir', input.dir);
  host.setAttribute('lang', input.lang);
  if (input.dark) host.className = 'd';
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = `<style>${css(
    w.position,
    input.accent,
    w.accent ? w.ink : 'var(--color-primary-reverse,#fff)',
    w.radius,
  )}</style><button class="l" type="button" aria-label="${label}" aria-describedby="n" aria-expanded="false" aria-controls="p" aria-haspopup="dialog">${icon(ICONS[w.icon])}<span>${label}</span><span class="n" id="n" hidden></span></button><div class="p" id="p" role="dialog" aria-label="${label}" tabindex="-1" hidden><div class="h"><span>${label}</span><button class="x" type="button" aria-label="${t.close}">${icon('M18 6 6 18M6 6l12 12')}</button></div></div>`;
  const panel = root.getElementById('p')!;
  const badge = root.getElementById('n')!;
  let iframe: HTMLIFrameElement | undefined;
  return {
    host,
    launcher: root.querySelector('.l')!,
    panel,
    close: root.querySelector('.x')!,
    frame: () => {
      if (!iframe) {
        iframe = doc.createElement('iframe');
        iframe.title = t.frame;
        iframe.setAttribute('allow', 'clipboard-write');
        iframe.src = input.src;
        panel.append(iframe);
      }
      return iframe;
    },
    points: (points) => {
      if (!w.showBalance) points = null;
      badge.hidden = points === null;
      // Latin digits in Arabic too, as the loyalty page writes them.
      badge.textContent = points === null ? '' : points.toLocaleString('en-US');
    },
  };
}
