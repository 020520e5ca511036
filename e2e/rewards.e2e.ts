import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arRewards from '../apps/web/src/locales/ar/rewards.json' with { type: 'json' };
import enRewards from '../apps/web/src/locales/en/rewards.json' with { type: 'json' };
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import { openSignedIn, signInDemo, type MerchantSession } from './support/merchant.ts';
import { startProduct, type Product } from './support/product.ts';

const text = { ar: arRewards, en: enRewards };
const common = { ar: arCommon, en: enCommon };

let product: Product;
let browser: Browser;
let session: MerchantSession;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
  session = await signInDemo(product);
});
afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

describe.each(['ar', 'en'] as const)('the reward form on a phone, in %s', (lang) => {
  const r = text[lang];

  test('its save bar stays in view while the form scrolls, light and dark', async () => {
    for (const dark of [false, true]) {
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        dark,
        width: 390,
        height: 700,
      });
      await page.goto(`${product.baseUrl}/setpoints`);
      await page.getByRole('button', { name: r.list.manage }).click();
      const dialog = page.getByTestId('rewards-dialog');
      await dialog.getByRole('button', { name: r.dialog.new }).click();
      const form = dialog.getByTestId('reward-form');
      const actions = form.getByTestId('reward-form-actions');
      const create = actions.getByRole('button', { name: r.form.create });
      await create.waitFor();

      // The form is taller than the screen, and at every scroll position the buttons are on it.
      const overlay = form.locator('xpath=ancestor::*[contains(@class,"overflow-y-auto")][1]');
      const { scrollHeight, clientHeight } = await overlay.evaluate((el) => ({
        scrollHeight: el.scrollHeight,
        clientHeight: el.clientHeight,
      }));
      expect(scrollHeight).toBeGreaterThan(clientHeight);
      for (const at of [0, 0.5, 1]) {
        await overlay.evaluate(
          (el, f) => el.scrollTo(0, (el.scrollHeight - el.clientHeight) * f),
          at,
        );
        const box = (await create.boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(700);
        expect(box.height).toBeGreaterThanOrEqual(40);
        // Nothing of the form shows through or below the bar: it reaches the screen's edge, or
        // the dialog's end once scrolled to the bottom.
        const bar = (await actions.boundingBox())!;
        const hit = (y: number) =>
          page.evaluate(
            ([x, at]) =>
              document
                .elementFromPoint(x!, at!)
                ?.closest('[data-testid]')
                ?.getAttribute('data-testid'),
            [bar.x + 8, y],
          );
        expect(await hit(bar.y + bar.height - 6)).toBe('reward-form-actions');
        if (at < 1) expect(await hit(700 - 2)).toBe('reward-form-actions');
      }
      await overlay.evaluate((el) => el.scrollTo(0, (el.scrollHeight - el.clientHeight) / 2));
      await screenshot(page, `reward-form-scrolled-${lang}-${dark ? 'dark' : 'light'}-390`, {
        fullPage: false,
      });
      await context.close();
    }
  });
});

describe.each(['ar', 'en'] as const)('/rewards with the server out of reach, in %s', (lang) => {
  test.each([390, 1440])(
    'one error box, whose retry brings every section back (%i px)',
    async (width) => {
      const { context, page } = await openSignedIn(browser, session, {
        language: lang,
        width,
        height: width < 600 ? 844 : 900,
      });
      // The report, the redemptions and the rewards list all fail, as with the network down.
      let down = true;
      await page.route('**/api/rewards**', (route) => (down ? route.abort() : route.continue()));
      await page.goto(`${product.baseUrl}/rewards`);
      const retry = page.getByRole('button', { name: common[lang].states.retry });
      await retry.waitFor({ timeout: 30_000 });
      // Both sections have given up (nothing loading any more): one box speaks for both.
      await expect
        .poll(() =>
          page.getByRole('status').filter({ hasText: common[lang].states.loading }).count(),
        )
        .toBe(0);
      expect(await page.getByRole('alert').count()).toBe(1);
      expect(await retry.count()).toBe(1);
      expect(await page.getByRole('alert').textContent()).toContain(common[lang].errors.network);
      await screenshot(page, `rewards-down-${lang}-${width}`, { fullPage: false });

      down = false;
      await retry.click();
      await page.getByTestId('summary-redeemed').waitFor();
      await page.getByRole('heading', { name: text[lang].redemptions.heading }).waitFor();
      await page
        .getByTestId('redemption-row')
        .first()
        .or(page.getByText(text[lang].redemptions.empty))
        .waitFor();
      await expect.poll(() => page.getByRole('alert').count()).toBe(0);
      await context.close();
    },
  );
});
