import { useId, useState } from 'react';
import type { CustomerLoyaltyData } from '@nuqat/contracts';
import { HALALAS_PER_RIYAL, orderPoints } from '@nuqat/contracts/plain';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { CARD, cx } from './ui';

const EASTERN_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;

/**
 * The amount as typed, in halalas: Arabic-Indic digits count, "٫" or "." before up to two
 * decimals, thousands separators ignored. Empty is null; anything else unreadable is NaN.
 */
export function parseRiyals(text: string): number | null {
  const plain = text
    .replace(EASTERN_DIGITS, (digit) => String((digit.charCodeAt(0) & 0xf) % 10))
    .replace(/\u066B/g, '.')
    .replace(/[\s,\u066C]/g, '');
  if (plain === '') return null;
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(plain)) return Number.NaN;
  return Math.round(Number(plain) * HALALAS_PER_RIYAL);
}

export interface EarnEstimateProps {
  rates: CustomerLoyaltyData['earnRates'];
}

/**
 * "You'll earn N points" for an amount the shopper types. The storefront snippet does not know the
 * cart's total (Salla documents no cart total for App Snippets), so the shopper gives it; the
 * count uses the engine's rules (contracts' orderPoints): per riyal rounded down, plus the fixed
 * order points, each from its minimum.
 */
export function EarnEstimate({ rates }: EarnEstimateProps) {
  const { t, tp } = useI18n();
  const id = useId();
  const [amount, setAmount] = useState('');
  const halalas = parseRiyals(amount);
  const invalid = halalas !== null && Number.isNaN(halalas);
  const points =
    halalas !== null && !invalid
      ? orderPoints({
          spendHalalas: halalas,
          totalHalalas: halalas,
          perAmount: rates.perAmount && {
            points: rates.perAmount.points,
            spendUnitHalalas: rates.perAmount.spendUnit * HALALAS_PER_RIYAL,
            minOrderTotalHalalas: rates.perAmount.minOrderTotal * HALALAS_PER_RIYAL,
          },
          perOrder: rates.perOrder && {
            points: rates.perOrder.points,
            minOrderTotalHalalas: rates.perOrder.minOrderTotal * HALALAS_PER_RIYAL,
          },
        })
      : null;
  return (
    <section aria-labelledby={`${id}-title`} className={cx(CARD, 'space-y-3 p-4')}>
      <h3
        id={`${id}-title`}
        className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white"
      >
        <Icon name="coins" className="size-5 text-brand-700 dark:text-brand-300" />
        {t('estimate.title')}
      </h3>
      <div className="space-y-1.5">
        <label
          htmlFor={`${id}-amount`}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {t('estimate.amount')}
        </label>
        <input
          id={`${id}-amount`}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint`}
          className="block h-12 w-full rounded-xl border border-slate-300 bg-white px-3 text-base text-slate-900 tabular-nums focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 aria-invalid:border-red-600 rtl:text-end dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {invalid ? (
            <span className="font-medium text-red-700 dark:text-red-300">
              {t('estimate.invalid')}
            </span>
          ) : (
            t('estimate.hint')
          )}
        </p>
      </div>
      <p
        role="status"
        className="min-h-6 text-base font-bold text-brand-800 dark:text-brand-300"
        data-testid="earn-estimate"
      >
        {points === null ? '' : points > 0 ? tp('estimate.result', points) : t('estimate.none')}
      </p>
      {points !== null && points > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">{t('estimate.note')}</p>
      ) : null}
    </section>
  );
}
