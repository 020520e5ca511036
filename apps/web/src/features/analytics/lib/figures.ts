import { createContext, useContext } from 'react';
import { formatCompactNumber, formatCurrency, formatNumber } from '../../../lib/format';
import { formatCompactCurrency } from './format-figures';
import { useLanguage } from './language';

/**
 * Whether figures are written in full ("1,969 ر.س.", "12,400") rather than shortened ("2.0 ألف
 * ر.س."). /analytics shortens large figures (spec §9) and shows the exact one on hover; paper has
 * no hover, so the printable report (docs/decisions/050) writes every figure in full, with the
 * same formatter throughout, in both languages.
 */
export const ExactFigures = createContext(false);

/** The amount and count formatters the screen's figure style calls for. */
export function useFigures() {
  const language = useLanguage();
  const exact = useContext(ExactFigures);
  return {
    exact,
    amount: (value: number) =>
      exact ? formatCurrency(value, language) : formatCompactCurrency(value, language),
    count: (value: number) =>
      exact ? formatNumber(value, language) : formatCompactNumber(value, language),
  };
}
