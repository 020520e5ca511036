import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hostChrome } from './host';

/** The product's name in the UI's language: the tab reads in one language (issue 27). */
export const PRODUCT_NAME = { ar: 'نقاط', en: 'Nuqat' } as const;

/**
 * "<screen> · نقاط" / "<screen> · Nuqat" in the current language; just the product's name without
 * a key. Inside the Salla dashboard the screen's name also goes to Salla's header.
 */
export function useDocumentTitle(key: string | null): void {
  const { t, i18n } = useTranslation();
  const name = PRODUCT_NAME[i18n.language === 'en' ? 'en' : 'ar'];
  const translate = t as unknown as (key: string) => string;
  const screen = key ? translate(key) : null;
  const title = screen ? `${screen} · ${name}` : name;
  useEffect(() => {
    document.title = title;
    hostChrome()?.setTitle(screen ?? name);
  }, [title, screen, name]);
}
