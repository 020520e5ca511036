/**
 * A stand-in storefront page: a Salla-like store header, a shopper who can log in and out, and
 * the Nuqat loyalty page in an iframe. It plays the App Snippet's part (architecture §5): it
 * answers the widget's request for the shopper with the shopper's Salla token, origin-checked.
 */
export function storefrontPage(input: {
  merchantId: number;
  storeName: string;
  nuqatUrl: string;
}): string {
  const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const widget = `${input.nuqatUrl}/customerloyaltysalla?merchantId=${input.merchantId}`;
  return `<!doctype html>
<html lang="ar" dir="rtl">
<head>
<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(input.storeName)} — متجر تجريبي</title>
<style>
  body { margin: 0; font-family: system-ui, Tahoma, sans-serif; background: #f6f7f9; color: #111827; }
  header { display: flex; justify-content: space-between; align-items: center; padding: 12px 20px; background: #004956; color: #fff; }
  main { max-width: 960px; margin: 0 auto; padding: 16px; }
  form, .who { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; margin-block-end: 12px; }
  input, button { font: inherit; padding: 6px 10px; border-radius: 8px; border: 1px solid #cbd5e1; }
  button { background: #baf3e6; border-color: #76e8cd; cursor: pointer; }
  iframe { width: 100%; height: 760px; border: 0; border-radius: 16px; background: #fff; }
</style>
</head>
<body>
<header><strong>${esc(input.storeName)}</strong><span>متجر تجريبي على سلة (Sandbox)</span></header>
<main>
  <form id="login">
    <label>رقم العميل <input name="id" inputmode="numeric" value="880000100" required></label>
    <label>الاسم <input name="name" value="سارة العتيبي"></label>
    <button>تسجيل دخول العميل</button>
    <button type="button" id="logout">تسجيل الخروج</button>
  </form>
  <p class="who" id="who">لا يوجد عميل مسجّل</p>
  <iframe id="nuqat" title="برنامج الولاء" src="${esc(widget)}"></iframe>
</main>
<script>
  const merchantId = ${input.merchantId};
  const widgetOrigin = new URL(${JSON.stringify(widget)}).origin;
  const frame = document.getElementById('nuqat');
  let customer = null;
  const send = (message) => frame.contentWindow && frame.contentWindow.postMessage(message, widgetOrigin);
  document.getElementById('login').addEventListener('submit', async (e) => {
    e.preventDefault();
    const form = new FormData(e.target);
    const res = await fetch('/__sandbox/customer-login', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId, id: Number(form.get('id')), name: String(form.get('name')) }) });
    const { token } = await res.json();
    customer = { id: Number(form.get('id')), full_name: String(form.get('name')), email: '', mobile: '', avatar: '', token };
    document.getElementById('who').textContent = 'العميل: ' + customer.full_name + ' (' + customer.id + ')';
    send({ type: 'nuqat:customer-login', merchantId, customer });
  });
  document.getElementById('logout').addEventListener('click', () => {
    customer = null;
    document.getElementById('who').textContent = 'لا يوجد عميل مسجّل';
    send({ type: 'nuqat:customer-logout', merchantId });
  });
  window.addEventListener('message', (event) => {
    if (event.origin !== widgetOrigin || !event.data || typeof event.data !== 'object') return;
    if (event.data.type === 'nuqat:request-customer') send({ type: 'nuqat:customer', merchantId, customer });
    if (event.data.type === 'nuqat:logout') document.getElementById('logout').click();
  });
</script>
</body>
</html>`;
}
