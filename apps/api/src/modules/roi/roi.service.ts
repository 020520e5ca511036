import { ROI_MIN_GROUP, type Roi, type RoiGroup } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { bestPointValue, rangeRollups } from '../insights/index.ts';
import type { HoldoutService } from './holdout.service.ts';
import { monthBounds, riyadhDayStart, riyadhMonth } from './roi-month.ts';
import { welchInterval, type GroupSums, type WelchInterval } from './roi-stats.ts';
import {
  armMonthSums,
  assignedCounts,
  foldRoi,
  memberArmPoints,
  type ArmMonth,
} from './roi.repository.ts';

const sar = (halalas: number) => Math.round(halalas) / 100;
const round = (x: number, places: number) => Math.round(x * 10 ** places) / 10 ** places;

function group(n: number, m: ArmMonth): RoiGroup {
  return {
    shoppers: n,
    buyers: m.buyers,
    orders: m.orders,
    revenueSar: sar(m.salesHalalas),
    revenuePerShopper: n > 0 ? round(m.salesHalalas / n / 100, 2) : null,
    ordersPerShopper: n > 0 ? round(m.orders / n, 3) : null,
    repeatRate: n > 0 ? round((m.repeaters / n) * 100, 1) : null,
  };
}

function scaled(r: WelchInterval | null, factor: number, places: number) {
  return r === null
    ? null
    : {
        estimate: round(r.estimate * factor, places),
        low: round(r.low * factor, places),
        high: round(r.high * factor, places),
        df: round(r.df, 1),
      };
}

/**
 * The programme's return for one Riyadh month (docs/decisions/049, docs/insights.md): the
 * members' group against the control group — per shopper placed in each by the month's end —
 * with Welch's 95 % interval; the programme's cost for the members' group; incremental revenue
 * (the difference per shopper × the members' group) ÷ that cost. Every figure from rollups.
 */
export function createRoiService(ctx: Pick<AppContext, 'db' | 'now'>, holdout: HoldoutService) {
  const { db } = ctx;

  async function getRoi(merchantId: number, month = riyadhMonth(ctx.now())): Promise<Roi> {
    const { first, next, last } = monthBounds(month);
    const [settings, counts, sums, points, pointValue, rollups] = await Promise.all([
      holdout.getSettings(merchantId),
      assignedCounts(db, merchantId, next),
      armMonthSums(db, merchantId, first),
      memberArmPoints(db, merchantId),
      bestPointValue(db, merchantId),
      rangeRollups(db, merchantId, { from: first, to: last }, { from: first, to: last }),
    ]);
    const current = rollups.current;
    const guestOrders = current.orders - current.member_orders;
    const guestSales = current.sales_halalas - current.member_sales_halalas;
    const membersVsGuests = {
      members: {
        orders: current.member_orders,
        salesSar: sar(current.member_sales_halalas),
        aovSar:
          current.member_orders > 0
            ? round(current.member_sales_halalas / current.member_orders / 100, 2)
            : null,
      },
      guests: {
        orders: guestOrders,
        salesSar: sar(guestSales),
        aovSar: guestOrders > 0 ? round(guestSales / guestOrders / 100, 2) : null,
      },
    };
    // A month that started after the holdout ended has no control group any more.
    const endedBefore =
      settings.endedAt !== null && Date.parse(settings.endedAt) <= riyadhDayStart(first).getTime();
    const hasControlGroup = !endedBefore && counts.control > 0 && counts.member > 0;
    const base = {
      month,
      hasControlGroup,
      holdout: settings,
      method: 'welch_t_95' as const,
      membersVsGuests,
    };
    if (!hasControlGroup) {
      return {
        ...base,
        members: null,
        control: null,
        tooSmall: false,
        differences: { revenuePerShopper: null, ordersPerShopper: null, repeatRate: null },
        cost: null,
        incrementalRevenueSar: null,
        returnOnCost: null,
      };
    }
    const m = sums.member;
    const c = sums.control;
    const nm = counts.member;
    const nc = counts.control;
    const g = (n: number, sum: number, sumSq: number): GroupSums => ({ n, sum, sumSq });
    const revenue = welchInterval(
      g(nm, m.salesHalalas, m.salesSq),
      g(nc, c.salesHalalas, c.salesSq),
    );
    const ordersDiff = welchInterval(g(nm, m.orders, m.ordersSq), g(nc, c.orders, c.ordersSq));
    const repeat = welchInterval(g(nm, m.repeaters, m.repeaters), g(nc, c.repeaters, c.repeaters));
    const outstandingSar = pointValue === null ? null : round(points * pointValue, 2);
    const costSar = round(
      sar(m.couponDiscountHalalas) + sar(m.referralDiscountHalalas) + (outstandingSar ?? 0),
      2,
    );
    const perShopper = m.salesHalalas / nm - c.salesHalalas / nc;
    const incremental = round((perShopper * nm) / 100, 2);
    return {
      ...base,
      members: group(nm, m),
      control: group(nc, c),
      tooSmall: nm < ROI_MIN_GROUP || nc < ROI_MIN_GROUP,
      differences: {
        revenuePerShopper: scaled(revenue, 1 / 100, 2),
        ordersPerShopper: scaled(ordersDiff, 1, 3),
        repeatRate: scaled(repeat, 100, 1),
      },
      cost: {
        couponDiscountsSar: sar(m.couponDiscountHalalas),
        referralDiscountsSar: sar(m.referralDiscountHalalas),
        outstandingPointsSar: outstandingSar,
        outstandingPoints: points,
        pointValueSar: pointValue === null ? null : round(pointValue, 4),
        totalSar: costSar,
      },
      incrementalRevenueSar: incremental,
      returnOnCost: costSar > 0 ? round(incremental / costSar, 2) : null,
    };
  }

  /** Folds the differences the triggers wrote into the kept sums (decision 058): the server runs it every few seconds beside the insights fold. */
  async function fold(): Promise<{ folded: number }> {
    return { folded: await foldRoi(db) };
  }

  return { getRoi, fold };
}
export type RoiService = ReturnType<typeof createRoiService>;
