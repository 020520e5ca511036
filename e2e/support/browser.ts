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

export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
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
      ...extraArgs,
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
  // A hang guard (e2e/vitest.config.ts): a busy two-core machine can take seconds per step.
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/**
 * Whether this run writes screenshots. They are for a person to look at (`e2e/artifacts/`); CI's
 * clone is thrown away, so `.ci/run` sets `E2E_SCREENSHOTS=0` and every assertion beside them
 * still runs.
 */
export const TAKES_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== '0';

/**
 * `e2e/artifacts/screenshots/<name>.png` of a page (the whole page by default; `fullPage: false`
 * for what the viewport shows, e.g. a page with a fixed full-screen panel, which a full-page
 * capture would stretch to the page's height) or of one element.
 */
export async function screenshot(
  target: Page | Locator,
  name: string,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  const file = path.join(SHOTS_DIR, `${name}.png`);
  if (!TAKES_SCREENSHOTS) return file;
  mkdirSync(SHOTS_DIR, { recursive: true });
  if ('goto' in target) await target.screenshot({ path: file, fullPage });
  else await target.screenshot({ path: file });
  return file;
}

/**
 * Whether the text of `locator` is laid out left to right — `+966 11 234 5678` must not read
 * `5678 234 11 966+` inside an Arabic page: its first character is left of its last one (which
 * may be in another text node, as in `{sign}{number}`).
 */
export function readsLeftToRight(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const characters: Array<{ node: Text; at: number }> = [];
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text) {
      const text = node.textContent ?? '';
      for (let at = 0; at < text.length; at += 1) {
        if (/\S/.test(text[at]!)) characters.push({ node, at });
      }
    }
    if (characters.length < 2) return false;
    const box = ({ node, at }: { node: Text; at: number }) => {
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 1);
      return range.getBoundingClientRect();
    };
    return box(characters[0]!).left < box(characters.at(-1)!).left;
  });
}

/**
 * Whether what was typed into the text field `locator` is laid out left to right — a typed `-5`
 * must not show as `5-` inside an Arabic form. A field's text is not in the page's DOM, so a Range
 * cannot measure it: this walks across the field at mid-height and asks the browser where a click
 * would put the caret (`caretPositionFromPoint` answers the offset in the field's value). Left to
 * right, the offsets only grow from 0 to the value's length as the point moves right.
 */
export function fieldReadsLeftToRight(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const field = element as HTMLInputElement;
    const box = field.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const offsets: number[] = [];
    for (let x = Math.ceil(box.left) + 1; x < box.right - 1; x += 1) {
      const position = document.caretPositionFromPoint(x, y);
      if (position?.offsetNode === field && position.offset !== offsets.at(-1)) {
        offsets.push(position.offset);
      }
    }
    const length = field.value.length;
    return offsets.length === length + 1 && offsets.every((offset, index) => offset === index);
  });
}
