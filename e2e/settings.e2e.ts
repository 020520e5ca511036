import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { POINTS_EXPIRY_MAX_DAYS, type MerchantSettings, type Subscription } from '@nuqat/contracts';
import arMerchant from '../apps/web/src/locales/ar/merchant.json' with { type: 'json' };
import enMerchant from '../apps/web/src/locales/en/merchant.json' with { type: 'json' };
import arLoyalty from '../apps/web/src/locales/ar/loyalty.json' with { type: 'json' };
import enLoyalty from '../apps/web/src/locales/en/loyalty.json' with { type: 'json' };
import arRewards from '../apps/web/src/locales/ar/rewards.json' with { type: 'json' };
import enRewards from '../apps/web/src/locales/en/rewards.json' with { type: 'json' };
import { launchBrowser, readsLeftToRight, screenshot } from './support/browser.ts';
import {
  fill,
  openSignedIn,
  pluralOf,
  signInDemo,
  type MerchantSession,
} from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { SUPPORT_ENV, startProduct, type Product } from './support/product.ts';

const text = { ar: arMerchant, en: enMerchant };
const loyaltyText = { ar: arLoyalty, en: enLoyalty };
const rewardsText = { ar: arRewards, en: enRewards };

let product: Product;
let browser: Browser;
let session: MerchantSession;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  // One login for the whole file: every page starts signed in, as after /login.
  session = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

async function api<T>(url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${product.baseUrl}${url}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

const getSubscription = async () =>
  (await api<{ subscription: Subscription }>('/api/merchants/subscription/status')).subscription;
const getSettings = () => api<MerchantSettings>('/api/merchants/settings');

/** Numbers and dates as the browser formats them for the language (Latin digits, Riyadh time). */
function browserFormat(page: Page, lang: 'ar' | 'en', value: number | string) {
  return page.evaluate(
    ([locale, v]) =>
      typeof v === 'number'
        ? new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(v)
        : new Intl.DateTimeFormat(locale, { timeZone: 'Asia/Riyadh', dateStyle: 'medium' }).format(
            new Date(v),
          ),
    [lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US', value] as const,
  );
}

/** The usage panel must say what GET /api/merchants/subscription/status answers. */
async function expectUsagePanel(page: Page, lang: 'ar' | 'en', sub: Subscription) {
  const t = text[lang].usage;
  const usage = page.getByTestId('usage-text');
  await usage.waitFor();
  // The card: the innermost box holding both the heading and the usage line.
  const panel = page
    .locator('div', { has: page.getByRole('heading', { name: t.heading, exact: true }) })
    .filter({ has: usage })
    .last();
  const used = await browserFormat(page, lang, sub.ordersUsed);
  expect(await usage.textContent()).toBe(
    sub.usageLimit === null
      ? fill(pluralOf(t, 'unlimited', sub.ordersUsed, lang), { used })
      : fill(pluralOf(t, 'used', sub.usageLimit, lang), {
          used,
          limit: await browserFormat(page, lang, sub.usageLimit),
        }),
  );
  const since = fill(t.since, { date: await browserFormat(page, lang, sub.periodStart) });
  expect(await panel.getByText(since, { exact: true }).count()).toBe(1);
  const progress = panel.getByRole('progressbar', { name: t.progressLabel });
  if (sub.usageLimit === null) {
    expect(await progress.count()).toBe(0);
  } else {
    expect(await progress.getAttribute('aria-valuenow')).toBe(String(sub.usagePercentage));
  }
  // A disconnected store or one whose shoppers earn nothing has one banner, on every page.
  expect(await page.getByTestId('store-state-banner').count()).toBe(
    sub.needsReinstall || !sub.isEarning ? 1 : 0,
  );
}

/** A store-information item's value, found by its label. */
const storeItem = (page: Page, label: string) =>
  page.locator(`xpath=//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);

describe.each(['ar', 'en'] as const)('settings and dashboard in %s', (lang) => {
  const t = text[lang];

  test('/settings shows the plan, status and usage the API answers', async () => {
    const sub = await getSubscription();
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    await page.goto(`${product.baseUrl}/settings`);
    await page.getByRole('heading', { level: 1, name: t.screens.settings.title }).waitFor();
    await expectUsagePanel(page, lang, sub);

    const plan = storeItem(page, t.store.plan);
    expect(await plan.textContent()).toBe(sub.plan ? t.plans[sub.plan] : t.store.notSet);
    expect(await storeItem(page, t.store.subscriptionStatus).textContent()).toBe(
      t.subscription.status[sub.status],
    );
    expect(await storeItem(page, t.store.expiry).textContent()).toBe(
      sub.expiryDate ? await browserFormat(page, lang, sub.expiryDate) : t.store.notSet,
    );
    await context.close();
  });

  test('points expiry: one form with Save — on after a question in words, kept on reload, "-3", 0 and too many refused, then off', async () => {
    const e = t.expiry;
    const before = await getSettings();
    // Start from "never": turning expiry on is then a change that hits customers.
    await api('/api/merchants/settings', { method: 'PUT', body: { pointsExpiryDays: null } });
    const days = lang === 'ar' ? 90 : 45;
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width: 390,
      height: 844,
    });
    const sent: unknown[] = [];
    const files: string[] = [];
    page.on('request', (request) => {
      if (
        request.method() === 'PUT' &&
        new URL(request.url()).pathname === '/api/merchants/settings'
      )
        sent.push(request.postDataJSON());
    });
    try {
      await page.goto(`${product.baseUrl}/settings`);
      const on = page.getByRole('radio', { name: e.enabled, exact: true });
      const never = page.getByRole('radio', { name: e.neverOption, exact: true });
      await on.waitFor();
      // One save model: no switch in this card, a form with Save.
      expect(await page.getByTestId('expiry-card').getByRole('switch').count()).toBe(0);
      expect(await never.isChecked()).toBe(true);
      const input = page.getByLabel(e.days, { exact: true });
      const save = page
        .getByTestId('expiry-card')
        .getByRole('button', { name: e.save, exact: true });
      const daysText = (n: number) =>
        new Intl.NumberFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-US').format(n);

      // On, with a number of days: asked first, with the effect in words.
      await on.check();
      await input.fill(String(days));
      await save.click();
      const dialog = page.getByRole('alertdialog', { name: e.confirmTitle, exact: true });
      await dialog.waitFor();
      const started = pluralOf(e, 'confirmStart', days, lang);
      expect(await dialog.textContent()).toContain(fill(started, { days: daysText(days) }));
      expect(sent).toEqual([]);
      files.push(
        await screenshot(page, `settings-expiry-confirm-${lang}-390`, { fullPage: false }),
      );
      await dialog.getByRole('button', { name: e.confirm, exact: true }).click();
      const after = pluralOf(e, 'after', days, lang);
      await page
        .getByRole('status')
        .filter({ hasText: `${e.saved} — ${fill(after, { days: daysText(days) })}` })
        .waitFor();
      expect(sent).toEqual([{ pointsExpiryDays: days }]);
      expect((await getSettings()).pointsExpiryDays).toBe(days);

      // Kept after a reload.
      await page.reload();
      await on.waitFor();
      expect(await on.isChecked()).toBe(true);
      expect(await input.inputValue()).toBe(String(days));

      // "-3" (once saved as 3), 0 and too many: a field error, the old "Saved" gone, nothing sent.
      const invalid = fill(e.invalid, { max: daysText(POINTS_EXPIRY_MAX_DAYS) });
      for (const wrong of ['-3', '0', String(POINTS_EXPIRY_MAX_DAYS + 1)]) {
        await input.fill(wrong);
        await save.click();
        const error = page.getByRole('alert').filter({ hasText: invalid });
        await error.waitFor();
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        expect(await input.inputValue()).toBe(wrong);
        expect(await page.getByRole('status').filter({ hasText: e.saved }).count()).toBe(0);
        if (wrong === '-3') {
          // The card alone, in a viewport tall enough that nothing scrolls under the sticky header.
          await page.setViewportSize({ width: 390, height: 2400 });
          await page.evaluate(() => scrollTo(0, 0));
          files.push(
            await screenshot(
              page.getByTestId('expiry-card'),
              `settings-expiry-invalid-${lang}-390`,
            ),
          );
          await page.setViewportSize({ width: 390, height: 844 });
        }
        expect(await input.getAttribute('aria-describedby')).toContain(
          (await error.getAttribute('id'))!,
        );
      }
      expect(files).toHaveLength(2);
      expect(sent).toHaveLength(1);
      expect((await getSettings()).pointsExpiryDays).toBe(days);

      // Off again: points living longer needs no question.
      await never.check();
      expect(await input.count()).toBe(0);
      await save.click();
      await page
        .getByRole('status')
        .filter({ hasText: `${e.saved} — ${e.never}` })
        .waitFor();
      // The refused values never left the browser: the only other PUT is this one.
      expect(sent).toEqual([{ pointsExpiryDays: days }, { pointsExpiryDays: null }]);
      expect((await getSettings()).pointsExpiryDays).toBeNull();
    } finally {
      await context.close();
      // The demo store as it was found.
      await api('/api/merchants/settings', { method: 'PUT', body: before });
    }
  });

  test('/dashboard loads signed in and shows the subscription usage panel', async () => {
    const sub = await getSubscription();
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1, name: t.screens.dashboard.title }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.title()).toContain(t.screens.dashboard.title);
    await expectUsagePanel(page, lang, sub);
    expect(await storeItem(page, t.store.plan).textContent()).toBe(
      sub.plan ? t.plans[sub.plan] : t.store.notSet,
    );
    await page.getByRole('heading', { name: t.dashboard.shortcuts }).waitFor();
    expect(
      await page.getByRole('link', { name: t.screens.settings.title }).count(),
    ).toBeGreaterThan(0);
    await context.close();
  });
});

describe('the banner a merchant must not miss', () => {
  test('a paused programme is said on every page, in Arabic and English, and is resumed from it', async () => {
    await api('/api/loyalty/programme', { method: 'PUT', body: { enabled: false } });
    try {
      for (const lang of ['ar', 'en'] as const) {
        const t = text[lang].storeState.paused;
        for (const width of [390, 1440]) {
          const { context, page } = await openSignedIn(browser, session, {
            language: lang,
            width,
            height: width < 600 ? 844 : 900,
          });
          for (const screen of ['/dashboard', '/rewards', '/analytics']) {
            await page.goto(`${product.baseUrl}${screen}`);
            const banner = page.getByTestId('store-state-banner');
            await banner.waitFor();
            expect(await banner.count()).toBe(1);
            expect(await banner.getAttribute('data-state')).toBe('paused');
            expect(await banner.getByRole('heading', { name: t.title }).count()).toBe(1);
            // Its action is a real tap target on a phone.
            const box = await banner.getByRole('link', { name: t.action }).boundingBox();
            expect(box!.height).toBeGreaterThanOrEqual(44);
            expect(
              await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
            ).toBeLessThanOrEqual(0);
          }
          await screenshot(page, `store-state-paused-${lang}-${width}`);
          // The badges say it too: the purchase rule is on but earns nothing now, and an active
          // reward cannot be redeemed (issue 15).
          await page.goto(`${product.baseUrl}/setpoints`);
          const purchase = page.getByTestId('method-order.created');
          await purchase.getByText(loyaltyText[lang].methods.idle, { exact: true }).waitFor();
          expect(
            await purchase.getByText(loyaltyText[lang].methods.active, { exact: true }).count(),
          ).toBe(0);
          await page
            .getByTestId('rewards-overview')
            .getByText(rewardsText[lang].status.idle, { exact: true })
            .first()
            .waitFor();
          await screenshot(page, `store-state-paused-badges-${lang}-${width}`);
          await context.close();
        }
      }

      // Resumed from the banner: its link opens /setpoints, the switch there resumes, the banner goes.
      const { context, page } = await openSignedIn(browser, session, { language: 'en' });
      await page.goto(`${product.baseUrl}/dashboard`);
      const banner = page.getByTestId('store-state-banner');
      await banner.getByRole('link', { name: text.en.storeState.paused.action }).click();
      await page.waitForURL(/\/setpoints$/);
      await page
        .getByTestId('programme-status')
        .getByRole('button', { name: /resume/i })
        .click();
      await banner.waitFor({ state: 'detached' });
      expect((await api<{ enabled: boolean }>('/api/loyalty/programme')).enabled).toBe(true);
      await context.close();
    } finally {
      await api('/api/loyalty/programme', { method: 'PUT', body: { enabled: true } });
    }
  });
});

describe('Arabic typography', () => {
  test("the back-office draws Arabic and Latin in the app's own typeface, served by the app", async () => {
    const { context, page } = await openSignedIn(browser, session, { language: 'ar' });
    const fonts: { url: string; status: number; type: string | undefined }[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('.woff2'))
        fonts.push({ url: res.url(), status: res.status(), type: res.headers()['content-type'] });
    });
    await page.goto(`${product.baseUrl}/dashboard`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const loaded = await page.evaluate(async () => {
      await document.fonts.ready;
      const ranges: string[] = [];
      document.fonts.forEach((f) => {
        if (f.family.includes('Readex Pro') && f.status === 'loaded') ranges.push(f.unicodeRange);
      });
      return ranges;
    });
    // The Arabic face and the Latin one (digits, e-mails), nothing else.
    expect(loaded.some((range) => range.includes('U+600-6FF'))).toBe(true);
    expect(loaded.length).toBeGreaterThanOrEqual(2);
    expect(fonts.length).toBe(loaded.length);
    for (const font of fonts) {
      expect(new URL(font.url).origin).toBe(product.baseUrl);
      expect(font.status).toBe(200);
      expect(font.type).toBe('font/woff2');
    }
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family.startsWith('"Readex Pro Variable"')).toBe(true);
    await context.close();
  });
});

describe('support contacts on /settings', () => {
  test.each(['ar', 'en'] as const)(
    'in %s: the configured phone and e-mail, each read left to right',
    async (lang) => {
      const t = text[lang];
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        width: 390,
      });
      await page.goto(`${product.baseUrl}/settings`);
      const phone = page.getByRole('link', { name: SUPPORT_ENV.SUPPORT_PHONE });
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+966112345678');
      expect(await readsLeftToRight(phone)).toBe(true);
      const email = page.getByRole('link', { name: SUPPORT_ENV.SUPPORT_EMAIL });
      expect(await readsLeftToRight(email)).toBe(true);
      expect(await page.getByRole('link', { name: t.settings.appStore }).getAttribute('href')).toBe(
        SUPPORT_ENV.SALLA_APP_URL,
      );
      await context.close();
    },
  );
});

describe('tap targets on a phone', () => {
  test.each(['ar', 'en'] as const)(
    'in %s, every button and switch of the back-office screens is 44 px tall to the touch',
    async (lang) => {
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        width: 390,
        height: 844,
      });
      const small: string[] = [];
      for (const screen of [
        '/dashboard',
        '/customers',
        '/setpoints',
        '/rewards',
        '/coupons',
        '/settings',
      ]) {
        await page.goto(`${product.baseUrl}${screen}`);
        await page.locator('main h1').waitFor();
        await page.waitForLoadState('networkidle');
        small.push(
          ...(await page.evaluate((where) => {
            const found: string[] = [];
            const controls = document.querySelectorAll<HTMLElement>(
              'main button, main [role="switch"], header button',
            );
            for (const el of Array.from(controls)) {
              const box = el.getBoundingClientRect();
              if (box.width === 0 || box.height === 0) continue;
              // Inline text links styled as buttons are words in a sentence (WCAG 2.5.8 exempts them).
              if (el.closest('p')) continue;
              // The touchable area: the box, or what the control's ::after adds around it.
              const after = getComputedStyle(el, '::after');
              const extra =
                after.position === 'absolute'
                  ? -parseFloat(after.top || '0') - parseFloat(after.bottom || '0')
                  : 0;
              if (box.height + Math.max(0, extra) < 44)
                found.push(
                  `${where}: ${el.outerHTML.slice(0, 120)} (${Math.round(box.height)} px)`,
                );
            }
            return found;
          }, screen)),
        );
      }
      expect(small).toEqual([]);
      await context.close();
    },
  );
});

describe('the store on social media', () => {
  test.each(['ar', 'en'] as const)(
    '/settings in %s: a link off the network’s site is refused at its field; a good one is kept',
    async (lang) => {
      const t = text[lang].social;
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        ...(lang === 'ar' ? { width: 390, height: 844 } : {}),
      });
      await page.goto(`${product.baseUrl}/settings`);
      await page.getByRole('heading', { name: t.heading, exact: true }).waitFor();
      await page.getByText(t.unverifiable, { exact: true }).waitFor();
      const instagram = page.getByLabel(t.networks.instagram, { exact: true });
      await instagram.fill('https://example.com/nuqat');
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByText(t.invalid.instagram, { exact: true }).waitFor();
      expect(await instagram.getAttribute('aria-invalid')).toBe('true');
      const link = `https://www.instagram.com/nuqat.${lang}`;
      await instagram.fill(link);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await page.getByRole('status').filter({ hasText: t.saved }).waitFor();
      expect(
        (await api<{ instagram: string | null }>('/api/merchants/social-links')).instagram,
      ).toBe(link);
      await page.reload();
      await expect
        .poll(() => page.getByLabel(t.networks.instagram, { exact: true }).inputValue())
        .toBe(link);
      await context.close();
    },
  );
});

describe('settings screenshots', () => {
  test('/settings at ar/en, light/dark, 390 and 1280 wide (the dashboard: dashboard.e2e.ts)', async () => {
    const files: string[] = [];
    await inEachLook(
      everyLook(),
      (look) => openSignedIn(browser, session, look),
      async (page, look) => {
        const t = text[look.language];
        await page.goto(`${product.baseUrl}/settings`);
        await page.getByTestId('usage-text').waitFor();
        await page.getByRole('radio', { name: t.expiry.enabled, exact: true }).waitFor();
        await storeItem(page, t.store.plan).waitFor();
        expect(await page.locator('html').getAttribute('dir')).toBe(
          look.language === 'ar' ? 'rtl' : 'ltr',
        );
        expect(await page.locator('html').evaluate((el) => el.classList.contains('dark'))).toBe(
          look.dark,
        );
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        files.push(await screenshot(page, `settings-${look.name}`));
      },
    );
    expect(files).toHaveLength(8);
  });
});
