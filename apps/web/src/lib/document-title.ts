import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The product's title in both scripts, as in index.html. */
export const BASE_TITLE = 'نقاط | Nuqat';

/** "<screen> · نقاط | Nuqat" in the current language; just the base title without a key. */
export function useDocumentTitle(key: string | null): void {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string) => string;
  const title = key ? `${translate(key)} · ${BASE_TITLE}` : BASE_TITLE;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
