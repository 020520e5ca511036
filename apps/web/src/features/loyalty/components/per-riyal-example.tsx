import { Trans, useTranslation } from 'react-i18next';
import { HALALAS_PER_RIYAL, amountPoints, orderPoints, type LoyaltyRule } from '@nuqat/contracts';
import { formatCurrency, formatNumber } from '../../../lib/format';

/** The example order of the preview, in riyals. */
const EXAMPLE_RIYALS = 250;

const n = <bdi dir="ltr" className="font-semibold" />;

const validInt = (value: unknown, min: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= min;

/**
 * What an example order earns at the typed rate, computed with the engine's rounding, plus the
 * fixed points per order when that method is on too. Shown only for values the server would accept.
 */
export function PerRiyalExample({
  points,
  spendUnit,
  minOrderTotal,
  orderRule,
}: {
  points: unknown;
  spendUnit: unknown;
  minOrderTotal: unknown;
  /** The fixed points per order. */
  orderRule: LoyaltyRule | undefined;
}) {
  const { t, i18n } = useTranslation('loyalty');
  const language = i18n.language === 'en' ? 'en' : 'ar';

  // The preview only for values the server would accept.
  const previewable = validInt(points, 1) && validInt(spendUnit, 1) && validInt(minOrderTotal, 0);
  if (!previewable) return null;
  const exampleHalalas = EXAMPLE_RIYALS * HALALAS_PER_RIYAL;
  const perAmount = {
    points,
    spendUnitHalalas: spendUnit * HALALAS_PER_RIYAL,
    minOrderTotalHalalas: minOrderTotal * HALALAS_PER_RIYAL,
  };
  const fromRule =
    exampleHalalas >= perAmount.minOrderTotalHalalas ? amountPoints(exampleHalalas, perAmount) : 0;
  const perOrder =
    orderRule?.enabled && orderRule.points > 0
      ? {
          points: orderRule.points,
          minOrderTotalHalalas: (orderRule.minOrderTotal ?? 0) * HALALAS_PER_RIYAL,
        }
      : null;
  const total = orderPoints({
    spendHalalas: exampleHalalas,
    totalHalalas: exampleHalalas,
    perAmount,
    perOrder,
  });

  return (
    <p
      className="rounded-xl bg-slate-50 p-4 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200"
      data-testid="per-riyal-example"
    >
      <Trans
        t={t}
        i18nKey="perRiyal.example"
        values={{
          amount: formatCurrency(EXAMPLE_RIYALS, language),
          points: formatNumber(fromRule, language),
        }}
        components={{ n }}
      />
      {perOrder && total > fromRule ? (
        <>
          {' '}
          <Trans
            t={t}
            i18nKey="perRiyal.exampleWithOrder"
            values={{
              orderPoints: formatNumber(total - fromRule, language),
              total: formatNumber(total, language),
            }}
            components={{ n }}
          />
        </>
      ) : null}
    </p>
  );
}
