import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hostChrome } from './host';

/** The product's title in both scripts, as in index.html. */
export const BASE_TITLE = 'نقاط | Nuqat';

/**
 * "<screen> · نقاط | Nuqat" in the current language; just the base title without a key. Inside
 * the Salla dashboard the screen's name also goes to Salla's header, which shows the page title.
 */
export function useDocumentTitle(key: string | null): void {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  const screen = key ? translate(key) : null;
  const title = screen ? `${screen} · ${BASE_TITLE}` : BASE_TITLE;
  useEffect(() => {
    document.title = title;
    hostChrome()?.setTitle(screen ?? BASE_TITLE);
  }, [title, screen]);
}
