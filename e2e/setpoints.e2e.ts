import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import arCommon from '../apps/web/src/locales/ar/common.json' with { type: 'json' };
import enCommon from '../apps/web/src/locales/en/common.json' with { type: 'json' };
import arLoyalty from '../apps/web/src/locales/ar/loyalty.json' with { type: 'json' };
import enLoyalty from '../apps/web/src/locales/en/loyalty.json' with { type: 'json' };
import arRewards from '../apps/web/src/locales/ar/rewards.json' with { type: 'json' };
import enRewards from '../apps/web/src/locales/en/rewards.json' with { type: 'json' };
import { launchBrowser, screenshot } from './support/browser.ts';
import {
  fill,
  isolate,
  openSignedIn,
  pluralOf,
  signInDemo,
  type MerchantSession,
} from './support/merchant.ts';
import { everyLook, inEachLook } from './support/looks.ts';
import { startProduct, type Product } from './support/product.ts';

const text = {
  ar: { common: arCommon, loyalty: arLoyalty, rewards: arRewards },
  en: { common: enCommon, loyalty: enLoyalty, rewards: enRewards },
};

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

async function openMethod(
  page: Page,
  lang: 'ar' | 'en',
  slug: keyof typeof arLoyalty.methods.events,
) {
  const t = text[lang].loyalty;
  const name = t.methods.events[slug].name;
  await page
    .getByRole('button', { name: fill(t.methods.editLabel, { method: name }), exact: true })
    .click();
  return page.getByRole('dialog', { name: fill(t.methodDialog.title, { method: name }) });
}

describe.each([
  ['ar', 'birthday', 'birthday', 'مكافأة الاختبار'],
  ['en', 'signup', 'signup', 'E2E test reward'],
] as const)('the points programme in %s', (lang, slug, event, rewardName) => {
  const t = text[lang];

  test('turn a method off and on again with new points and a cap', async () => {
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    await page.goto(`${product.baseUrl}/setpoints`);
    const card = page.getByTestId(`method-${event}`);
    await card.getByText(t.loyalty.methods.active, { exact: true }).waitFor();

    const name = t.loyalty.methods.events[slug].name;
    const toggle = card.getByRole('switch', {
      name: fill(t.loyalty.methods.switchLabel, { method: name }),
    });
    const before = (await card.textContent()) ?? '';

    // Off with the card's switch (0 points saved, conditions kept); Undo brings it back as it was.
    await toggle.click();
    let toast = page
      .getByTestId('toast')
      .filter({ hasText: fill(t.loyalty.methods.turnedOff, { method: name }) });
    await toast.waitFor();
    await card.getByText(t.loyalty.methods.inactive, { exact: true }).waitFor();
    await toast.getByRole('button', { name: t.loyalty.methods.undo }).click();
    await card.getByText(t.loyalty.methods.active, { exact: true }).waitFor();
    expect(await card.textContent()).toBe(before);

    // A points value that is not a number is refused in the form and nothing changes.
    let dialog = await openMethod(page, lang, slug);
    const typed = dialog.getByLabel(t.loyalty.methodDialog.points, { exact: true });
    await typed.fill('12abc');
    await dialog.getByRole('button', { name: t.loyalty.methodDialog.save, exact: true }).click();
    await dialog.getByText(t.loyalty.methodDialog.pointsMin).waitFor();
    expect(await typed.getAttribute('aria-invalid')).toBe('true');
    await dialog.getByRole('button', { name: t.loyalty.methodDialog.cancel, exact: true }).click();
    expect(await card.textContent()).toBe(before);

    // Off again, then on with the switch: the modal offers the default 30 points.
    await toggle.click();
    toast = page
      .getByTestId('toast')
      .filter({ hasText: fill(t.loyalty.methods.turnedOff, { method: name }) });
    await toast.waitFor();
    await card.getByText(t.loyalty.methods.inactive, { exact: true }).waitFor();
    await toggle.click();
    dialog = page.getByRole('dialog', {
      name: fill(t.loyalty.methodDialog.title, { method: name }),
    });
    const points = dialog.getByLabel(t.loyalty.methodDialog.points, { exact: true });
    expect(await points.inputValue()).toBe('30');
    await points.fill('85');
    await screenshot(dialog, `method-dialog-${lang}`);
    if (event !== 'signup') {
      await dialog.getByRole('checkbox').check();
      await dialog.getByLabel(t.loyalty.methodDialog.capValue, { exact: true }).fill('2');
    }
    await dialog.getByRole('button', { name: t.loyalty.methodDialog.save, exact: true }).click();
    // The toast says what changed: the method and its points.
    await page
      .getByTestId('toast')
      .filter({
        hasText: fill(pluralOf(t.loyalty.methodDialog, 'saved', 85, lang), {
          method: name,
          points: '85',
        }),
      })
      .waitFor();
    await card.getByText(t.loyalty.methods.active, { exact: true }).waitFor();
    expect(await card.textContent()).toContain('85');
    await context.close();
  });

  test('the ways to earn beyond buying are listed with their names, and a follow says it cannot be verified', async () => {
    const { context, page } = await openSignedIn(browser, session, { language: lang });
    await page.goto(`${product.baseUrl}/setpoints`);
    const events = t.loyalty.methods.events;
    for (const event of [
      'follow_instagram',
      'follow_x',
      'follow_tiktok',
      'follow_snapchat',
      'profile_complete',
      'newsletter',
    ] as const) {
      const card = page.getByTestId(`method-${event}`);
      await card.getByText(events[event].name, { exact: true }).waitFor();
      expect(await card.textContent()).toContain(events[event].description);
    }
    // No platform lets an app verify a follow: each follow card says so (decision 052).
    expect(events.follow_x.description).toContain(lang === 'ar' ? 'لا' : 'No platform');
    await page.getByTestId('method-newsletter').scrollIntoViewIfNeeded();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
    ).toBeLessThanOrEqual(0);
    await context.close();
  });

  test('create, edit, switch off, see on /rewards, then delete a reward', async () => {
    const { context, page } = await openSignedIn(browser, session, {
      language: lang,
      width: 390,
      height: 844,
    });
    const r = t.rewards;
    await page.goto(`${product.baseUrl}/setpoints`);
    await page.getByRole('button', { name: r.list.manage }).click();
    const dialog = page.getByTestId('rewards-dialog');

    await dialog.getByRole('button', { name: r.dialog.new }).click();
    const form = dialog.getByTestId('reward-form');
    expect(await form.getByLabel(r.form.pointsRequired, { exact: true }).inputValue()).toBe('100');
    await form.getByLabel(r.form.name, { exact: true }).fill(rewardName);
    await screenshot(page, `reward-form-${lang}-390`, { fullPage: false });
    await form.getByRole('button', { name: r.form.create }).click();
    const named = { name: isolate(rewardName) };
    await page
      .getByTestId('toast')
      .filter({ hasText: fill(r.messages.created, named) })
      .waitFor();

    const row = dialog.getByTestId('reward-row').filter({ hasText: rewardName });
    await row.getByRole('button', { name: fill(r.dialog.editLabel, { name: rewardName }) }).click();
    await form.getByLabel(r.form.pointsRequired, { exact: true }).fill('120');
    await form.getByRole('button', { name: r.form.save }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: fill(r.messages.saved, named) })
      .waitFor();
    await row.filter({ hasText: '120' }).waitFor();

    const toggle = row.getByRole('switch', {
      name: fill(r.dialog.toggleLabel, { name: rewardName }),
    });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await page
      .getByTestId('toast')
      .filter({ hasText: fill(r.messages.deactivated, named) })
      .waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await screenshot(page, `rewards-dialog-${lang}-390`, { fullPage: false });
    await dialog.getByRole('button', { name: t.common.dialog.close, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // The /rewards screen shows it, switched off, with its cost.
    await page.goto(`${product.baseUrl}/rewards`);
    const stats = page.getByTestId('reward-stats').filter({ hasText: rewardName });
    await stats.waitFor();
    expect(await stats.textContent()).toContain(r.status.inactive);
    expect(await stats.textContent()).toContain('120');

    // Delete, after confirming.
    await page.goto(`${product.baseUrl}/setpoints`);
    await page.getByRole('button', { name: r.list.manage }).click();
    await page
      .getByTestId('reward-row')
      .filter({ hasText: rewardName })
      .getByRole('button', { name: fill(r.dialog.deleteLabel, { name: rewardName }) })
      .click();
    const confirm = page.getByRole('alertdialog');
    await confirm.waitFor();
    await screenshot(page, `reward-delete-confirm-${lang}-390`, { fullPage: false });
    await confirm.getByRole('button', { name: r.dialog.confirm }).click();
    await page
      .getByTestId('toast')
      .filter({ hasText: fill(r.messages.deleted, named) })
      .waitFor();
    await page
      .getByTestId('reward-row')
      .filter({ hasText: rewardName })
      .waitFor({ state: 'detached' });
    await page.goto(`${product.baseUrl}/rewards`);
    await page.getByTestId('reward-stats').first().waitFor();
    expect(await page.getByTestId('reward-stats').filter({ hasText: rewardName }).count()).toBe(0);
    await context.close();
  });
});

describe('points programme screenshots', () => {
  test('/setpoints and /rewards at ar/en, light/dark, 390 and 1280 wide', async () => {
    const files: string[] = [];
    await inEachLook(
      everyLook(),
      (look) => openSignedIn(browser, session, look),
      async (page, look) => {
        await page.goto(`${product.baseUrl}/setpoints`);
        await page.getByTestId('collection-methods').waitFor();
        await page.getByTestId('rewards-overview').waitFor();
        await page.getByTestId('programme-status').waitFor();
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        files.push(await screenshot(page, `setpoints-${look.name}`));

        await page.goto(`${product.baseUrl}/rewards`);
        await page.getByTestId('reward-stats').first().waitFor();
        await page.locator('#redemptions-heading').waitFor();
        await page
          .getByRole('status')
          .filter({ hasText: text[look.language].common.states.loading })
          .waitFor({ state: 'detached' });
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
        ).toBeLessThanOrEqual(0);
        files.push(await screenshot(page, `rewards-${look.name}`));
      },
    );
    expect(files).toHaveLength(16);
  });
});
