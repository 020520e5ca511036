import type { Language } from '@nuqat/contracts';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import ar from '../apps/web/src/locales/ar/landing.json' with { type: 'json' };
import en from '../apps/web/src/locales/en/landing.json' with { type: 'json' };
import { launchBrowser, openPage, readsLeftToRight, screenshot } from './support/browser.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { SUPPORT_ENV, startProduct, type Product } from './support/product.ts';

const text = { ar, en };
const PHONE = { width: 390, height: 844 };

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

/** The landing page, once React has taken over the HTML the build rendered. */
async function openLanding(
  options: Parameters<typeof openPage>[1] = {},
  path = '/',
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page } = await openPage(browser, options);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${product.baseUrl}${path}`);
  await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
  return { context, page, errors };
}

function scrollTo(page: Page, top: number) {
  return page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
}

/** Resolves after two frames: whatever the browser was doing with the last input is done. */
function nextFrames(page: Page) {
  return page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/** The header's background colour, and whether any of its shadows has a visible colour. */
function headerLook(page: Page) {
  return page.locator('header').evaluate((header) => {
    const style = getComputedStyle(header);
    const colours = style.boxShadow.match(/rgba?\([^)]*\)|oklab\([^)]*\)|color\([^)]*\)/g) ?? [];
    const visible = colours.some((colour) => !/(,\s*0\)|\/\s*0\))$/.test(colour));
    return { background: style.backgroundColor, shadow: visible };
  });
}

function menuPanel(page: Page) {
  return page.locator('#landing-menu');
}

async function openMenu(page: Page, lang: Language) {
  await page.getByRole('button', { name: text[lang].header.openMenu }).click();
  const panel = page.getByRole('dialog', { name: text[lang].header.menuTitle });
  await panel.waitFor();
  // Wait for the slide to finish: the panel sits at the edge of the screen.
  await expect
    .poll(async () => {
      const box = await menuPanel(page).boundingBox();
      return lang === 'ar' ? Math.round(box!.x + box!.width) : Math.round(box!.x);
    })
    .toBe(lang === 'ar' ? PHONE.width : 0);
  return panel;
}

async function expectMenuClosed(page: Page, lang: Language) {
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
    'hidden',
  );
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null))
    .toBe(text[lang].header.openMenu);
}

describe.each(['ar', 'en'] as const)('the landing page in %s', (lang) => {
  const t = text[lang];

  test('is served already rendered in the right language, with its meta tags, and starts cleanly', async () => {
    const { context, page, errors } = await openLanding(
      { language: lang },
      lang === 'en' ? '/?lang=en' : '/',
    );
    const html = await (
      await fetch(`${product.baseUrl}${lang === 'en' ? '/?lang=en' : '/'}`)
    ).text();
    expect(html).toContain(
      `<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}" data-prerendered="${lang}">`,
    );
    expect(html).toContain(`<title>${t.meta.title}</title>`);
    expect(html).toContain(`hreflang="en" href="${product.baseUrl}/?lang=en"`);
    expect(html).toContain(`<meta property="og:url" content="${product.baseUrl}/`);
    expect(html).toContain(t.hero.title);

    expect(await page.title()).toBe(t.meta.title);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe(
      t.meta.description,
    );
    await page.getByRole('heading', { level: 1, name: t.hero.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe(lang === 'ar' ? 'rtl' : 'ltr');
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the header is transparent at the top and opaque with a shadow past 10 px', async () => {
    const { context, page } = await openLanding({ language: lang });
    expect(await headerLook(page)).toEqual({ background: 'rgba(0, 0, 0, 0)', shadow: false });
    await scrollTo(page, 10);
    await nextFrames(page);
    expect((await headerLook(page)).background).toBe('rgba(0, 0, 0, 0)');
    await scrollTo(page, 11);
    await expect
      .poll(() => headerLook(page))
      .toEqual({ background: 'rgb(255, 255, 255)', shadow: true });
    await scrollTo(page, 0);
    await expect
      .poll(() => headerLook(page))
      .toEqual({ background: 'rgba(0, 0, 0, 0)', shadow: false });
    await context.close();
  });

  test('the phone menu slides in from the language’s side, traps focus and locks the page', async () => {
    const { context, page } = await openLanding({ language: lang, ...PHONE });
    await openMenu(page, lang);
    const close = page.getByRole('button', { name: t.header.closeMenu });
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);

    // Shift+Tab from the first control wraps to the last one, Tab wraps back.
    await page.keyboard.press('Shift+Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('#landing-menu') !== null),
    ).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe(
      SUPPORT_ENV.SALLA_APP_URL,
    );
    await page.keyboard.press('Tab');
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);

    // The page behind does not scroll while the menu is open.
    const backdropPoint = { x: lang === 'ar' ? 20 : PHONE.width - 20, y: 400 };
    await page.mouse.move(backdropPoint.x, backdropPoint.y);
    await page.mouse.wheel(0, 800);
    await nextFrames(page);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    await expectMenuClosed(page, lang);
    await page.mouse.wheel(0, 800);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await context.close();
  });

  test('the phone menu closes on its close button, the backdrop, a section, Login and Join us', async () => {
    const { context, page } = await openLanding({ language: lang, ...PHONE });
    await page.emulateMedia({ reducedMotion: 'reduce' });

    await openMenu(page, lang);
    await page.getByRole('button', { name: t.header.closeMenu }).click();
    await expectMenuClosed(page, lang);

    await openMenu(page, lang);
    await page.mouse.click(lang === 'ar' ? 20 : PHONE.width - 20, 400);
    await expectMenuClosed(page, lang);

    const sections = await openMenu(page, lang);
    await sections.getByRole('link', { name: t.header.pricing }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect
      .poll(() =>
        page.evaluate(() => document.getElementById('pricing')!.getBoundingClientRect().top),
      )
      .toBeLessThanOrEqual(130);
    expect(await page.evaluate(() => window.location.hash)).toBe('#pricing');
    await scrollTo(page, 0);

    // Login leaves for /login; a 204 answer keeps this page so the menu can be checked.
    let loginRequested = false;
    await page.route('**/login', async (route) => {
      loginRequested = true;
      await route.fulfill({ status: 204 });
    });
    const panel = await openMenu(page, lang);
    await panel.getByRole('link', { name: t.header.login }).click();
    await expectMenuClosed(page, lang);
    expect(loginRequested).toBe(true);

    // Join us opens the app's listing in Salla's App Store in a new tab (answered locally).
    await context.route(`${SUPPORT_ENV.SALLA_APP_URL}**`, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Salla</title>' }),
    );
    const reopened = await openMenu(page, lang);
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      reopened.getByRole('link', { name: new RegExp(t.header.join) }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(SUPPORT_ENV.SALLA_APP_URL);
    await expectMenuClosed(page, lang);
    await context.close();
  });

  test('the footer shows the configured contacts, the phone read left to right; no placeholder', async () => {
    for (const width of [390, 1440]) {
      const { context, page } = await openLanding({ language: lang, width, height: 900 });
      const footer = page.locator('footer');
      const phone = footer.getByRole('link', { name: SUPPORT_ENV.SUPPORT_PHONE });
      await phone.waitFor();
      expect(await phone.getAttribute('href')).toBe('tel:+966112345678');
      expect(await readsLeftToRight(phone)).toBe(true);
      const email = footer.getByRole('link', { name: SUPPORT_ENV.SUPPORT_EMAIL });
      expect(await email.getAttribute('href')).toBe(`mailto:${SUPPORT_ENV.SUPPORT_EMAIL}`);
      expect(await readsLeftToRight(email)).toBe(true);
      expect(
        await footer
          .getByRole('link', { name: new RegExp(t.footer.whatsapp) })
          .getAttribute('href'),
      ).toBe(`https://wa.me/${SUPPORT_ENV.SUPPORT_WHATSAPP}`);
      expect(await footer.textContent()).not.toContain('000 0000');
      // The logo goes back to the top of the page.
      await page.evaluate(() => window.scrollTo(0, 1500));
      await page.getByRole('link', { name: t.header.logoLabel }).click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      await context.close();
    }
  });

  test('every in-page link lands on its section, and links to other sites open a new tab', async () => {
    const { context, page } = await openLanding({ language: lang });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The footer's "write to us" link comes with the support contacts (SUPPORT_EMAIL is set here).
    await page.locator('a[href="#contact"]').waitFor();
    const hrefs = await page
      .locator('a[href^="#"]:visible')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')!));
    expect(new Set(hrefs)).toEqual(
      new Set([
        '#main',
        '#features',
        '#loyalty',
        '#pricing',
        '#subscription',
        '#system',
        '#contact',
      ]),
    );
    expect(await page.locator('a[href="#"], a:not([href])').count()).toBe(0);

    // The skip link shows when it gets focus, the first stop of the keyboard.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: t.skipToContent });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main');

    const anchors = page.locator('a[href^="#"]:not([href="#main"]):visible');
    const sections = hrefs.filter((href) => href !== '#main');
    for (let index = 0; index < sections.length; index += 1) {
      const id = sections[index]!.slice(1);
      await scrollTo(page, 0);
      await anchors.nth(index).click();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#${id}`);
      // The section starts just below the fixed header (or the page cannot scroll further).
      await expect
        .poll(() =>
          page.evaluate((target) => {
            const top = document.getElementById(target)!.getBoundingClientRect().top;
            const atBottom =
              Math.ceil(window.scrollY + window.innerHeight) >=
              document.documentElement.scrollHeight;
            return (top >= 0 && top <= 130) || (atBottom && top >= 0);
          }, id),
        )
        .toBe(true);
    }

    const external = await page.locator('a[href^="http"]').evaluateAll((anchors) =>
      anchors.map((a) => ({
        href: a.getAttribute('href'),
        target: a.getAttribute('target'),
        rel: a.getAttribute('rel'),
      })),
    );
    expect(external.length).toBeGreaterThanOrEqual(5);
    for (const link of external) {
      expect(link.target, link.href!).toBe('_blank');
      expect(link.rel, link.href!).toContain('noopener');
    }
    await context.close();
  });
});

describe('the landing page', () => {
  test('a language switch survives a reload', async () => {
    const { context, page } = await openLanding({ language: 'ar' });
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: en.hero.title }).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('ltr');
    expect(await page.title()).toBe(en.meta.title);

    // `/` is built in Arabic; the saved choice sends the visitor to the English address.
    await page.reload();
    await page.waitForURL(`${product.baseUrl}/?lang=en`);
    await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: en.hero.title }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await context.close();
  });

  test('a partner logo that fails to load is replaced by its letter badge', async () => {
    const { context, page } = await openPage(browser, { language: 'ar' });
    await page.route('**/landing/salla-mark.svg', (route) => route.fulfill({ status: 404 }));
    await page.goto(`${product.baseUrl}/`);
    const salla = page.locator('[role="img"][data-fallback="true"]', {
      hasText: ar.hero.partners.salla.initial,
    });
    await salla.waitFor();
    expect(await salla.getAttribute('aria-label')).toBe(ar.hero.partners.salla.name);
    expect(await salla.boundingBox()).toMatchObject({ width: 56, height: 56 });
    // The other logo still loads.
    expect(
      await page
        .getByRole('img', { name: ar.hero.partners.nuqat.name })
        .evaluate((image) => image.tagName === 'IMG' && (image as HTMLImageElement).naturalWidth),
    ).toBe(56);
    await context.close();
  });

  test('the growth plan is highlighted and a hovered plan card lifts', async () => {
    const { context, page } = await openLanding({ language: 'en' });
    const growth = page.locator('[data-plan="growth"]');
    const starter = page.locator('[data-plan="starter"]');
    expect(await growth.getAttribute('data-highlight')).toBe('true');
    expect(await starter.getAttribute('data-highlight')).toBe('false');
    await growth.getByText(en.pricing.popular).waitFor();
    // The card's offset from its list: negative once it lifts.
    const lift = () =>
      starter.evaluate(
        (card) =>
          card.getBoundingClientRect().top - card.parentElement!.getBoundingClientRect().top,
      );
    expect(await lift()).toBe(0);
    await starter.hover();
    await expect.poll(lift).toBeLessThan(0);
    await context.close();
  });

  test('loads none of the back-office code', async () => {
    const { context, page } = await openPage(browser, { language: 'ar' });
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script')
        scripts.push(new URL(response.url()).pathname);
    });
    await page.goto(`${product.baseUrl}/`);
    await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
    expect(scripts.some((path) => path.includes('/landing'))).toBe(true);
    // The app's entry, its router and query client, and the back-office's route chunks. zod is
    // not among them any more: the landing's contact form checks its fields with the shared
    // schema (decision 044), so zod may load once that section comes into view.
    const backOffice = /^\/assets\/(index|vendor-app|login|layout|dashboard)-[\w-]{8}\.js$/;
    expect(scripts.filter((path) => backOffice.test(path))).toEqual([]);
    await context.close();
  });

  test('screenshots: phone and desktop, Arabic and English, light and dark; nothing wider than the screen', async () => {
    const files: string[] = [];
    await inEachLook(
      everyLook(),
      (look) => openPage(browser, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/`);
        await page.locator('html[data-landing-ready]').waitFor({ state: 'attached' });
        expect(await page.locator('html').evaluate((el) => el.classList.contains('dark'))).toBe(
          look.dark,
        );
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        files.push(await screenshot(page, `landing-${look.name}`));
      },
    );
    expect(files).toHaveLength(8);
  });
});
