import type { BrowserContext, Page } from 'playwright-core';
import { STORAGE_KEYS } from '@nuqat/contracts';

/** One way a screen is seen: language, theme and window size. */
export interface Look {
  language: 'ar' | 'en';
  dark: boolean;
  width: number;
  height: number;
  /** `ar-light-390`: the end of a screenshot's name. */
  name: string;
}

/** Arabic and English, light and dark, a phone (390 × 844) and a desktop (1280 × 800 unless said). */
export function everyLook(desktop = { width: 1280, height: 800 }): Look[] {
  const looks: Look[] = [];
  for (const language of ['ar', 'en'] as const) {
    for (const dark of [false, true]) {
      for (const [width, height] of [
        [390, 844],
        [desktop.width, desktop.height],
      ] as const) {
        looks.push({
          language,
          dark,
          width,
          height,
          name: `${language}-${dark ? 'dark' : 'light'}-${width}`,
        });
      }
    }
  }
  return looks;
}

/**
 * Shows a screen in each look with one browser context per language (its locale is the
 * language's): before each look after the first, the theme is saved where the app's own switch
 * saves it and the window takes the look's size, then `visit` loads the screen afresh. A context's
 * cache and compiled scripts are kept between looks, as for a person who turns dark mode on,
 * instead of eight cold starts (about 1.2 s against 3 s a look on a busy two-core machine).
 *
 * `open` opens the first page of a language with that look's preferences (`openPage` or
 * `openSignedIn`); `visit` navigates, waits for the screen and asserts.
 */
export async function inEachLook(
  looks: Look[],
  open: (look: Look) => Promise<{ context: BrowserContext; page: Page }>,
  visit: (page: Page, look: Look) => Promise<void>,
): Promise<number> {
  let visited = 0;
  for (const language of [...new Set(looks.map((look) => look.language))]) {
    const group = looks.filter((look) => look.language === language);
    const { context, page } = await open(group[0]!);
    try {
      for (const [index, look] of group.entries()) {
        if (index > 0) {
          await page.evaluate(([key, dark]) => localStorage.setItem(key, String(dark)), [
            STORAGE_KEYS.darkMode,
            look.dark,
          ] as const);
          await page.emulateMedia({ colorScheme: look.dark ? 'dark' : 'light' });
          await page.setViewportSize({ width: look.width, height: look.height });
        }
        await visit(page, look);
        visited += 1;
      }
    } finally {
      await context.close();
    }
  }
  return visited;
}
