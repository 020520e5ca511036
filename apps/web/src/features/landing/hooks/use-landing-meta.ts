import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@nuqat/contracts';

const OG_LOCALES: Record<Language, string> = { ar: 'ar_SA', en: 'en_US' };

function setMeta(selector: string, content: string): () => void {
  const element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) return () => {};
  const previous = element.content;
  element.content = content;
  return () => {
    element.content = previous;
  };
}

/**
 * Title, description and Open Graph tags in the page's language. landing.html carries the
 * Arabic ones for crawlers that do not run scripts; this keeps them right after a switch.
 */
export function useLandingMeta(language: Language): void {
  const { t } = useTranslation('landing');
  const title = t('meta.title');
  const description = t('meta.description');
  useEffect(() => {
    const previousTitle = document.title;
    document.title = title;
    const restore = [
      setMeta('meta[name="description"]', description),
      setMeta('meta[property="og:title"]', title),
      setMeta('meta[property="og:description"]', description),
      setMeta('meta[property="og:locale"]', OG_LOCALES[language]),
      setMeta('meta[property="og:locale:alternate"]', OG_LOCALES[language === 'ar' ? 'en' : 'ar']),
    ];
    return () => {
      document.title = previousTitle;
      for (const undo of restore) undo();
    };
  }, [title, description, language]);
}
