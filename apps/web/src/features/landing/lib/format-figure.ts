import type { Language } from '@nuqat/contracts';
import type { ResultFigure } from '../constants';

// The same locales as lib/format (Latin digits in Arabic too), with the one decimal that
// "99.9%" and "4.9/5" need; lib/format's number helpers round to whole numbers.
const LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-US' };

function format(language: Language, value: number, options: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 1, ...options }).format(
    value,
  );
}

export interface FigureTemplates {
  multiple: (value: string) => string;
  atLeast: (value: string) => string;
  outOf: (value: string, max: string) => string;
}

/** "25%", "5x", "1,000+", "4.9/5" — the big number of a results card. */
export function formatFigure(
  figure: ResultFigure,
  language: Language,
  templates: FigureTemplates,
): string {
  switch (figure.kind) {
    case 'percent':
      return format(language, figure.value, { style: 'percent' });
    case 'multiple':
      return templates.multiple(format(language, figure.value, {}));
    case 'atLeast':
      return templates.atLeast(format(language, figure.value, {}));
    case 'outOf':
      return templates.outOf(format(language, figure.value, {}), format(language, figure.max, {}));
  }
}
