import { Fragment, createContext, createElement, useContext, type ReactNode } from 'react';
import type { LANGUAGES, Language } from '@nuqat/contracts';
import { ar } from '../locales/ar';
import { en } from '../locales/en';
import { formatNumber } from './format';

/**
 * A few lines instead of i18next: the page has one small catalogue per language, no namespaces
 * and no language switch (it follows the store's `?lang=`), and every kilobyte counts here.
 */
export type PluralForms = Partial<Record<Intl.LDMLPluralRule, string>> & { other: string };
export type Message = string | PluralForms;

type Arabic = typeof ar;
export type MessageKey = keyof Arabic;
/** Keys whose message is a plain text. */
export type TextKey = { [K in MessageKey]: Arabic[K] extends string ? K : never }[MessageKey];
/** Keys whose message has one text per plural category. */
export type PluralKey = Exclude<MessageKey, TextKey>;
export type Catalogue = { [K in MessageKey]: Arabic[K] extends string ? string : PluralForms };

export const CATALOGUES: Record<Language, Catalogue> = { ar, en };

// The contract's language table, as types only (no runtime import of @nuqat/contracts here).
export const DIRECTIONS: { [L in Language]: (typeof LANGUAGES)[L]['dir'] } = {
  ar: 'rtl',
  en: 'ltr',
};

export type Values = Record<string, string | number>;

export interface Translator {
  language: Language;
  dir: 'rtl' | 'ltr';
  /** A text with its `{{placeholders}}` filled in. */
  t(key: TextKey, values?: Values): string;
  /** A plural message for `count` (formatted as `{{count}}`). */
  tp(key: PluralKey, count: number, values?: Values): string;
  /** Like `t`, with React nodes as values: `<bdi>` around an e-mail, for instance. */
  tx(key: TextKey, values: Record<string, ReactNode>): ReactNode[];
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

function fill(text: string, values: Values = {}): string {
  return text.replace(PLACEHOLDER, (match, name: string) =>
    name in values ? String(values[name]) : match,
  );
}

export function createTranslator(language: Language): Translator {
  const catalogue = CATALOGUES[language];
  const rules = new Intl.PluralRules(language);
  return {
    language,
    dir: DIRECTIONS[language],
    t: (key, values) => fill(catalogue[key], values),
    tp: (key, count, values) => {
      const forms = catalogue[key];
      const text = forms[rules.select(count)] ?? forms.other;
      return fill(text, { count: formatNumber(count, language), ...values });
    },
    tx: (key, values) =>
      catalogue[key]
        .split(PLACEHOLDER)
        // split() with a capturing group alternates text and placeholder names.
        .map((part, index) =>
          createElement(Fragment, { key: index }, index % 2 === 1 ? (values[part] ?? part) : part),
        ),
  };
}

export const I18nContext = createContext<Translator | null>(null);

export function useI18n(): Translator {
  const translator = useContext(I18nContext);
  if (!translator) throw new Error('useI18n needs an <I18nContext.Provider>');
  return translator;
}
