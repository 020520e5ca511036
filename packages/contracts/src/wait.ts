import type { Language } from './locales.ts';

const WAIT_WORDS = {
  ar: {
    second: ['ثانية واحدة', 'ثانيتين', 'ثوانٍ', 'ثانية'],
    minute: ['دقيقة واحدة', 'دقيقتين', 'دقائق', 'دقيقة'],
    hour: ['ساعة واحدة', 'ساعتين', 'ساعات', 'ساعة'],
  },
  en: {
    second: ['1 second', '', 'seconds', 'seconds'],
    minute: ['1 minute', '', 'minutes', 'minutes'],
    hour: ['1 hour', '', 'hours', 'hours'],
  },
} as const;

/** A count of a unit in words, with Arabic's singular, dual, 3–10 and 11+ forms. */
function countOf(n: number, unit: 'second' | 'minute' | 'hour', language: Language): string {
  const [one, two, few, many] = WAIT_WORDS[language][unit];
  const figure = n.toLocaleString('en-US');
  if (n === 1) return one;
  if (language === 'en') return `${figure} ${many}`;
  if (n === 2) return two;
  const rest = n % 100;
  return `${figure} ${rest >= 3 && rest <= 10 ? few : many}`;
}

/**
 * How long to wait, as a person says it (issue 27): "45 seconds" under a minute, then "about
 * 15 minutes" (rounded up), then "about 2 hours" from 90 minutes.
 */
export function formatWait(seconds: number, language: Language): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return countOf(s, 'second', language);
  const about = language === 'ar' ? 'نحو ' : 'about ';
  const minutes = Math.ceil(s / 60);
  if (minutes < 90)
    return minutes === 1
      ? countOf(1, 'minute', language)
      : about + countOf(minutes, 'minute', language);
  return about + countOf(Math.round(minutes / 60), 'hour', language);
}
