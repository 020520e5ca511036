import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SHOTS_DIR = new URL('../artifacts/screenshots/', import.meta.url).pathname;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export interface PageOptions {
  language?: 'ar' | 'en';
  dark?: boolean;
  width?: number;
  height?: number;
}

/** A fresh context (empty storage) with the language and theme preferences already saved. */
export async function openPage(
  browser: Browser,
  { language = 'ar', dark = false, width = 1280, height = 800 }: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height },
    locale: language === 'ar' ? 'ar-SA' : 'en-US',
    colorScheme: dark ? 'dark' : 'light',
  });
  await context.addInitScript(
    ([lang, isDark]) => {
      if (!sessionStorage.getItem('__e2e_prefs')) {
        localStorage.setItem('language', lang as string);
        localStorage.setItem('darkMode', String(isDark));
        sessionStorage.setItem('__e2e_prefs', '1');
      }
    },
    [language, dark] as const,
  );
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * The whole page by default; `fullPage: false` for what the viewport shows, e.g. a page with a
 * fixed full-screen panel, which a full-page capture would stretch to the page's height.
 */
export async function screenshot(
  page: Page,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}

/**
 * Whether the text of `locator` is laid out left to right on screen — `+966 11 234 5678` must not
 * read `5678 234 11 966+` inside an Arabic page: the first character is left of the last one.
 */
export function readsLeftToRight(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const node = walker.nextNode() as Text | null;
    if (!node || (node.textContent ?? '').trim().length < 2) return false;
    const text = node.textContent!;
    const box = (at: number) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    const first = text.search(/\S/);
    const last = text.length - 1 - [...text].reverse().join('').search(/\S/);
    return box(first).left < box(last).left;
  });
}
