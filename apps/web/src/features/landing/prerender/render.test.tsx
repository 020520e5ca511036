import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, test, vi } from 'vitest';
import ar from '../../../locales/ar/landing.json';
import en from '../../../locales/en/landing.json';
import { LandingApp } from '../components/landing-app';
import { createLandingI18n } from '../lib/landing-i18n';
import { MARKERS, ORIGIN_PLACEHOLDER, renderLandingDocument } from './document';
import { renderLandingMarkup } from './render';

const template = readFileSync(path.join(import.meta.dirname, '../../../../landing.html'), 'utf8');

describe('built landing documents', () => {
  test('the template has the markers the build fills in', () => {
    expect(template).toMatch(MARKERS.html);
    expect(template).toContain(MARKERS.head);
    expect(template).toContain(MARKERS.root);
  });

  test.each([
    ['ar', 'rtl', ar],
    ['en', 'ltr', en],
  ] as const)(
    'the %s document has its language, title, description and social tags',
    (language, dir, text) => {
      const html = renderLandingDocument(template, language, renderLandingMarkup(language));
      const doc = new DOMParser().parseFromString(html, 'text/html');
      expect(doc.documentElement.getAttribute('lang')).toBe(language);
      expect(doc.documentElement.getAttribute('dir')).toBe(dir);
      expect(doc.title).toBe(text.meta.title);
      const meta = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
      expect(meta('meta[name="description"]')).toBe(text.meta.description);
      expect(meta('meta[property="og:title"]')).toBe(text.meta.title);
      expect(meta('meta[property="og:description"]')).toBe(text.meta.description);
      expect(meta('meta[property="og:locale"]')).toBe(language === 'ar' ? 'ar_SA' : 'en_US');
      expect(meta('meta[property="og:image"]')).toBe(`${ORIGIN_PLACEHOLDER}/landing/og-image.png`);
      const alternates = [...doc.head.querySelectorAll('link[rel="alternate"]')].map((link) => [
        link.getAttribute('hreflang'),
        link.getAttribute('href'),
      ]);
      expect(alternates).toEqual([
        ['ar', `${ORIGIN_PLACEHOLDER}/?lang=ar`],
        ['en', `${ORIGIN_PLACEHOLDER}/?lang=en`],
        ['x-default', `${ORIGIN_PLACEHOLDER}/`],
      ]);
      const root = doc.getElementById('root')!;
      expect(doc.documentElement.getAttribute('data-prerendered')).toBe(language);
      expect(root.querySelector('h1')?.textContent).toBe(text.hero.title);
      for (const id of ['features', 'loyalty', 'system', 'pricing', 'subscription', 'faq']) {
        expect(root.querySelector(`#${id}`), id).not.toBeNull();
      }
    },
  );

  test('without markup (the dev server) the page is left to the browser', () => {
    const html = renderLandingDocument(template, 'ar');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).not.toContain(MARKERS.head);
  });

  test('a template without its markers is refused', () => {
    expect(() => renderLandingDocument('<html><head></head></html>', 'ar')).toThrow(/marker/);
  });

  test.each(['ar', 'en'] as const)(
    'the browser takes over the %s page built ahead without re-rendering it',
    async (language) => {
      const container = document.createElement('div');
      container.innerHTML = renderLandingMarkup(language);
      document.body.append(container);
      const heading = container.querySelector('h1');
      const onRecoverableError = vi.fn();
      const root = hydrateRoot(container, <LandingApp i18n={createLandingI18n(language)} />, {
        onRecoverableError,
      });
      await act(async () => {});
      expect(onRecoverableError).not.toHaveBeenCalled();
      expect(container.querySelector('h1')).toBe(heading);
      act(() => root.unmount());
      container.remove();
    },
  );
});
