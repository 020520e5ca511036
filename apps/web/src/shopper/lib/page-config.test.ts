import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  STORE_ORIGIN_META,
  createParentLink,
  readPageConfig,
  readStoreOrigins,
} from './page-config';

function documentWith(meta: string | null, referrer = ''): Document {
  const doc = document.implementation.createHTMLDocument('loyalty');
  if (meta !== null) {
    const tag = doc.createElement('meta');
    tag.name = STORE_ORIGIN_META;
    tag.content = meta;
    doc.head.append(tag);
  }
  Object.defineProperty(doc, 'referrer', { value: referrer });
  return doc;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the loyalty page configuration', () => {
  test('the store origins come from the meta tag, space-separated, normalised, without junk', () => {
    expect(
      readStoreOrigins(
        documentWith(
          ' https://demo.salla.sa  https://Shop.Example:443/path javascript:alert(1) nope ',
        ),
      ),
    ).toEqual(['https://demo.salla.sa', 'https://shop.example']);
  });

  test('with an empty meta tag (the dev server) the referrer origin is used', () => {
    expect(
      readStoreOrigins(documentWith('', 'http://localhost:4000/storefront/7000001?x=1')),
    ).toEqual(['http://localhost:4000']);
    expect(readStoreOrigins(documentWith('', ''))).toEqual([]);
  });

  test('the merchant id must be a Salla id, and the language follows ?lang= (Arabic by default)', () => {
    const config = (search: string) =>
      readPageConfig({ location: { search }, parent: null, document } as unknown as Window);
    expect(config('?merchantId=7000001').merchantId).toBe('7000001');
    expect(config('?merchantId=7000001').language).toBe('ar');
    expect(config('?merchantId=7000001&lang=en').language).toBe('en');
    expect(config('?merchantId=7000001&lang=fr').language).toBe('ar');
    for (const bad of [
      '',
      '?merchantId=',
      '?merchantId=0123',
      '?merchantId=abc',
      '?merchantId=1e5',
    ])
      expect(config(bad).merchantId, bad).toBeNull();
  });

  test('a page that is not framed has no parent to talk to', () => {
    const page: Record<string, unknown> = { location: { search: '?merchantId=7000001' }, document };
    page.parent = page;
    expect(readPageConfig(page as unknown as Window).parent).toBeNull();
  });

  test('messages go to each store origin, never to "*"', () => {
    const target = { postMessage: vi.fn() };
    const link = createParentLink(target, ['https://a.example', 'https://b.example'], 7000001);
    link.post({ type: 'nuqat:logout', merchantId: 7000001 });
    expect(target.postMessage.mock.calls).toEqual([
      [{ type: 'nuqat:logout', merchantId: 7000001 }, 'https://a.example'],
      [{ type: 'nuqat:logout', merchantId: 7000001 }, 'https://b.example'],
    ]);
  });
});
