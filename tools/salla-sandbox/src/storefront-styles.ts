/** The stand-in theme's style element: a Salla theme's variables and bare-element styles. */
export function storefrontStyles(dark: boolean): string {
  return `<style>
  /* A theme's variables, as Salla themes define them: the snippet takes its colour from them. */
  :root { --color-primary: ${dark ? '#8b5cf6' : '#5d2e8c'}; --color-primary-reverse: #fff; --bg: ${dark ? '#0b1020' : '#f6f7f9'}; --card: ${dark ? '#161b2e' : '#fff'}; --ink: ${dark ? '#e5e7eb' : '#111827'}; }
  body { margin: 0; font-family: system-ui, Tahoma, sans-serif; background: var(--bg); color: var(--ink); }
  a { color: inherit; }
  /* Themes style bare elements; the snippet's launcher and panel must not care. */
  button { font: inherit; padding: 8px 14px; border-radius: 8px; border: 1px solid #cbd5e1; background: var(--card); color: inherit; cursor: pointer; }
  .primary { background: var(--color-primary); color: var(--color-primary-reverse); border: 0; padding: 12px 20px; }
  .product { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 24px; background: var(--card); border-radius: 16px; padding: 16px; }
  .product h1 { margin: 0 0 8px; font-size: 24px; }
  .product .price { font-size: 22px; font-weight: 700; margin: 0 0 12px; }
  .product .info { display: flex; flex-direction: column; align-items: flex-start; gap: 8px; }
  .product .about { opacity: .8; line-height: 1.6; }
  .product .option { display: flex; gap: 8px; align-items: center; }
  .product select { font: inherit; min-height: 44px; padding: 6px 10px; border-radius: 8px; border: 1px solid #cbd5e1; background: var(--card); color: inherit; }
  @media (max-width: 640px) { .product { grid-template-columns: 1fr; } }
  #cart-lines { padding-inline-start: 20px; }
  .total { display: flex; gap: 8px; font-size: 18px; }
  nav { display: flex; gap: 12px; }
  input { font: inherit; padding: 6px 10px; border-radius: 8px; border: 1px solid #cbd5e1; background: var(--card); color: inherit; }
  header { display: flex; flex-wrap: wrap; gap: 8px; justify-content: space-between; align-items: center; padding: 12px 20px; background: var(--color-primary); color: var(--color-primary-reverse); }
  header a { color: inherit; }
  header small { opacity: .85; }
  main { max-width: 1040px; margin: 0 auto; padding: 16px 16px 96px; }
  .hero { padding: 24px; border-radius: 16px; background: var(--card); margin-block-end: 16px; }
  .hero h1 { margin: 0 0 4px; font-size: 24px; }
  .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(200px, 1fr)); gap: 16px; }
  .card { background: var(--card); border-radius: 16px; padding: 12px; display: flex; flex-direction: column; gap: 6px; }
  .card h3 { margin: 0; font-size: 16px; }
  .card .price { margin: 0; font-weight: 700; }
  .img { aspect-ratio: 4 / 3; border-radius: 12px; background: linear-gradient(135deg, hsl(var(--h) 70% 82%), hsl(var(--h) 60% 62%)); }
  /* Kept to the inline-start side, clear of the snippet's desktop panel in the other corner. */
  .shopper { max-width: 520px; margin-block-start: 24px; padding: 16px; border: 1px dashed #94a3b8; border-radius: 16px; background: var(--card); }
  .shopper form { display: flex; flex-wrap: wrap; gap: 8px; align-items: end; }
  .shopper label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
  .cart { margin: 0; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; font-size: 14px; }
  .cart .code { padding: 2px 8px; border-radius: 999px; background: rgba(255,255,255,.2); font-family: monospace; }
  .cart button { padding: 2px 8px; font-size: 12px; }
  /* The theme's login modal (Salla's login web component), in the top layer like Salla's. */
  dialog.login { border: 0; border-radius: 16px; padding: 20px; width: min(360px, calc(100% - 32px)); box-shadow: 0 16px 48px rgba(0,0,0,.3); }
  dialog.login form { display: flex; flex-direction: column; gap: 10px; }
  dialog.login label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; }
  dialog.login .primary { background: var(--color-primary); color: var(--color-primary-reverse); border: 0; }
  dialog.login .hint { font-size: 12px; color: #64748b; margin: 0; }
  dialog.login .error { color: #b91c1c; font-size: 13px; margin: 0; }
</style>`;
}
