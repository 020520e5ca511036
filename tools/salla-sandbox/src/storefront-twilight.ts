/**
 * The stand-in theme's script: a fake Twilight (`window.salla`) as storefront-page.ts describes
 * it, set up before any App Snippet runs.
 */

/** JSON inside <script>: `<` escaped so no query parameter can close the element. */
export const js = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface TwilightInput {
  lang: 'ar' | 'en';
  merchantId: number;
  storeName: string;
  /** Twilight's user for the shopper signed in when the page opens, or null for a guest. */
  user: Record<string, unknown> | null;
  guest: Record<string, unknown>;
  token: string | null;
  app: Record<string, unknown>;
  /** The words the script writes into the page. */
  texts: Record<string, string>;
  hasCart: boolean;
  hasLoginModal: boolean;
  couponRefusal: string | null;
}

export function twilightScript(i: TwilightInput): string {
  return `<script>
(() => {
  // A fake Twilight: what a Salla theme has set up before any App Snippet runs.
  const LANG = ${js(i.lang)};
  const guest = () => (${js(i.guest)});
  const state = {
    store: { id: ${i.merchantId}, name: ${js(i.storeName)}, currency: 'SAR' },
    user: ${i.user ? js(i.user) : 'guest()'},
    app: ${js(i.app)},
  };
  let token = ${js(i.token)};
  const sandbox = (window.__sallaSandbox = { tokenReads: 0 });
  const listeners = new Map();
  const on = (name, callback) => void listeners.set(name, [...(listeners.get(name) || []), callback]);
  const emit = (name, payload) =>
    (listeners.get(name) || []).forEach((callback) => {
      try { callback(payload); } catch (error) { console.error(error); }
    });
  let ready = false;
  const waiting = [];
  const T = ${js(i.texts)};
  const HAS_CART = ${js(i.hasCart)};
  const HAS_LOGIN_MODAL = ${js(i.hasLoginModal)};
  const COUPON_REFUSAL = ${js(i.couponRefusal)};

  // The cart, kept in the tab so it follows the shopper from page to page.
  const CART_KEY = 'sandbox-cart-' + ${i.merchantId};
  const readCart = () => {
    try {
      return JSON.parse(sessionStorage.getItem(CART_KEY)) || { items: [], coupon: null };
    } catch (error) {
      return { items: [], coupon: null };
    }
  };
  const totalOf = (cart) => cart.items.reduce((sum, price) => sum + price, 0);
  const money = new Intl.NumberFormat(LANG === 'ar' ? 'ar-SA' : 'en-SA');
  const renderCart = (cart) => {
    const lines = document.getElementById('cart-lines');
    if (lines) {
      lines.replaceChildren(...cart.items.map((amount) => {
        const li = document.createElement('li');
        li.textContent = money.format(amount) + ' ' + T.currency;
        return li;
      }));
      document.getElementById('cart-total').textContent = money.format(totalOf(cart)) + ' ' + T.currency;
    }
    const box = document.getElementById('cart');
    if (!box) return;
    box.textContent = T.cart + ' (' + money.format(cart.items.length) + '): ' + money.format(totalOf(cart)) + ' ' + T.currency;
    if (cart.coupon) {
      const chip = document.createElement('span');
      chip.className = 'code';
      chip.dir = 'ltr';
      chip.textContent = cart.coupon;
      chip.setAttribute('data-testid', 'cart-coupon');
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = T.removeCoupon;
      remove.onclick = () => window.salla.cart.deleteCoupon();
      box.append(' · ' + T.coupon + ': ', chip, remove);
    }
  };
  const writeCart = (cart) => {
    sessionStorage.setItem(CART_KEY, JSON.stringify(cart));
    renderCart(cart);
  };
  const summary = (cart) => ({ count: cart.items.length, total: totalOf(cart), sub_total: totalOf(cart), coupon: cart.coupon });
  // Reference §4.6: addCoupon('CODE') or addCoupon({ coupon }); the answer through the cart's
  // coupon events. The failure hands over the request's error as themes read it
  // (error.response.data.error.message); its bus name is this fake's own, Salla documents only
  // the alias salla.event.cart.onCouponAdditionFailed.
  const cartApi = {
    addCoupon: async (input) => {
      const code = typeof input === 'string' ? input : input && input.coupon;
      const cart = readCart();
      const res = await fetch('/__sandbox/cart/coupon', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ merchantId: ${i.merchantId}, code, total: totalOf(cart), lang: LANG, refusal: COUPON_REFUSAL }),
      });
      const body = await res.json();
      if (!res.ok) {
        const error = new Error((body.error && body.error.message) || 'Request failed');
        error.response = { status: res.status, data: body };
        emit('cart::coupon.addition.failed', error);
        throw error;
      }
      cart.coupon = code;
      writeCart(cart);
      emit('cart::coupon.added', body);
      emit('cart::updated', summary(cart));
      return body;
    },
    deleteCoupon: async () => {
      const cart = readCart();
      cart.coupon = null;
      writeCart(cart);
      emit('cart::coupon.deleted', { data: summary(cart) });
      emit('cart::updated', summary(cart));
      return { status: 200, success: true, data: summary(cart) };
    },
    getCurrentCartId: async () => ${i.merchantId},
    // The cart with its total, as cart::updated carries it (reference §4.6).
    details: async () => ({ status: 200, success: true, data: { cart: summary(readCart()) } }),
  };

  window.salla = window.Salla = {
    config: {
      get: (key, fallback) => {
        const value = key.split('.').reduce((at, part) => (at == null ? undefined : at[part]), state);
        return value === undefined ? fallback : value;
      },
      isGuest: () => state.user.type !== 'user',
    },
    onReady: (callback) =>
      new Promise((resolve) => {
        const run = () => resolve(callback && callback());
        if (ready) setTimeout(run);
        else waiting.push(run);
      }),
    event: {
      on,
      emit,
      auth: {
        onLoggedIn: (callback) => on('auth::logged.in', callback),
        onLoggedOut: (callback) => on('auth::logged.out', callback),
        onVerified: (callback) => on('auth::verified', callback),
      },
      cart: {
        onCouponAdded: (callback) => on('cart::coupon.added', callback),
        onCouponAdditionFailed: (callback) => on('cart::coupon.addition.failed', callback),
        onUpdated: (callback) => on('cart::updated', callback),
      },
    },
    // Salla's access-code sign-in (§4.6): a code to the e-mail, then verify. In the sandbox the
    // code is always 1234.
    auth: {
      login: async () => {
        emit('auth::code.sent', {});
        return { status: 200, success: true };
      },
      verify: async ({ email, code }) => {
        if (String(code) !== '1234') {
          emit('auth::verification.failed', {});
          const error = new Error(T.modalWrong);
          error.response = { status: 422, data: { status: 422, success: false, error: { message: T.modalWrong } } };
          throw error;
        }
        const res = await fetch('/__sandbox/customer-login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ merchantId: state.store.id, email }),
        });
        const answer = await res.json();
        const u = answer.user;
        signedIn({
          id: u.id, type: 'user', first_name: u.firstName, last_name: u.lastName, email: u.email,
          mobile: u.mobile, avatar: '', language_code: LANG, currency_code: 'SAR', country_code: 'SA',
        }, answer.token);
        return { status: 200, success: true, data: { token: answer.token } };
      },
      logout: async () => signedOut(),
    },
    storage: {
      get: (key) => {
        if (key !== 'token') return null;
        sandbox.tokenReads += 1;
        return token;
      },
    },
    init: () => {
      throw new Error('Twilight is already initialised: an App Snippet must not call salla.init()');
    },
  };
  if (HAS_CART) window.salla.cart = cartApi;
  // Twilight is ready once the theme has run, after the snippets below have been parsed.
  document.addEventListener('DOMContentLoaded', () => {
    ready = true;
    waiting.splice(0).forEach((run) => run());
  });

  const who = document.getElementById('who');
  const show = () => {
    const u = state.user;
    who.textContent = u.type === 'user' ? T.signedIn + (u.first_name + ' ' + u.last_name).trim() + ' (' + u.id + ')' : T.guest;
  };
  show();
  renderCart(readCart());

  // Twilight's payload is the API's answer, token included: a snippet must not pass it on.
  function signedIn(user, newToken) {
    token = newToken;
    state.user = user;
    show();
    emit('auth::verified', { data: { token } });
    emit('auth::logged.in', { data: { token, user: { id: user.id } } });
  }
  function signedOut() {
    token = null;
    state.user = guest();
    show();
    emit('auth::logged.out');
  }

  // The theme's login web component (§4.5): open() shows Salla's e-mail and code steps.
  if (HAS_LOGIN_MODAL)
    customElements.define('salla-login-modal', class extends HTMLElement {
      open() {
        let dialog = this.querySelector('dialog');
        if (!dialog) {
          dialog = document.createElement('dialog');
          dialog.className = 'login';
          dialog.setAttribute('aria-labelledby', 'login-modal-title');
          this.append(dialog);
        }
        const email = document.createElement('form');
        email.innerHTML =
          '<h2 id="login-modal-title"></h2><label><span></span><input name="email" type="email" dir="ltr" required autocomplete="email"></label>' +
          '<button class="primary"></button><button type="button" value="close"></button>';
        email.querySelector('h2').textContent = T.modalTitle;
        email.querySelector('span').textContent = T.modalEmail;
        email.querySelector('.primary').textContent = T.modalSend;
        email.querySelector('[value=close]').textContent = T.modalClose;
        email.querySelector('[value=close]').onclick = () => dialog.close();
        email.onsubmit = async (event) => {
          event.preventDefault();
          const address = email.elements.email.value.trim();
          await window.salla.auth.login({ type: 'email', email: address });
          const code = document.createElement('form');
          code.innerHTML =
            '<h2 id="login-modal-title"></h2><label><span></span><input name="code" inputmode="numeric" dir="ltr" required autocomplete="one-time-code"></label>' +
            '<p class="hint"></p><p class="error" role="alert"></p><button class="primary"></button>';
          code.querySelector('h2').textContent = T.modalTitle;
          code.querySelector('span').textContent = T.modalCode;
          code.querySelector('.hint').textContent = T.modalHint;
          code.querySelector('.primary').textContent = T.modalVerify;
          code.onsubmit = async (submit) => {
            submit.preventDefault();
            try {
              await window.salla.auth.verify({ type: 'email', email: address, code: code.elements.code.value });
              dialog.close();
            } catch (error) {
              code.querySelector('.error').textContent = error.message;
            }
          };
          dialog.replaceChildren(code);
          code.elements.code.focus();
        };
        dialog.replaceChildren(email);
        dialog.showModal();
        email.elements.email.focus();
        return Promise.resolve();
      }
    });

  document.getElementById('login').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = new FormData(event.target);
    const id = Number(form.get('id'));
    const [first, ...rest] = String(form.get('name')).trim().split(/\\s+/);
    const email = String(form.get('email') || '');
    const res = await fetch('/__sandbox/customer-login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchantId: state.store.id, id, name: first, email }),
    });
    const newToken = (await res.json()).token;
    token = newToken;
    state.user = {
      id, type: 'user', first_name: first || '', last_name: rest.join(' '), email,
      mobile: String(form.get('mobile') || ''), avatar: '', language_code: LANG, currency_code: 'SAR', country_code: 'SA',
    };
    show();
    emit('auth::logged.in', { data: { token, user: { id } } });
  });
  document.getElementById('logout').addEventListener('click', () => signedOut());
  // A product option that changes the price: the theme shows the new price in the product's own
  // price element, its add-to-cart takes it, and Twilight says so with product::price.updated
  // (reference §4.6; its payload is not documented, so this one carries none).
  const option = document.getElementById('product-option');
  if (option)
    option.addEventListener('change', () => {
      document.querySelector('.product .price bdi').textContent = money.format(Number(option.value));
      document.querySelector('.product [data-product]').dataset.price = option.value;
      emit('product::price.updated');
    });
  document.querySelectorAll('[data-product]').forEach((button) =>
    button.addEventListener('click', () => {
      const cart = readCart();
      cart.items.push(Number(button.dataset.price));
      writeCart(cart);
      emit('cart::item.added', { product_id: Number(button.dataset.product), quantity: 1 });
      emit('cart::updated', summary(cart));
    }),
  );
})();
</script>`;
}
