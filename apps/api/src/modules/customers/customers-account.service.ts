import { ACCOUNT_LIST_SIZE, type CustomerAccount } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findDebtRecovery } from '../engine/index.ts';
import { findTierChanges } from '../tiers/index.ts';
import { tierChangeView } from '../tiers/index.ts';
import {
  findCustomerCoupons,
  findCustomerLedger,
  findCustomerOrders,
  findExpiringLots,
  sumForgiven,
} from './customers.repository.ts';
import { iso, toSummary, toLedgerEntries, toCoupon, toOrder } from './customers-views.ts';
import { encodeCursor, decodeCursor } from './customers-cursors.ts';
import { createCustomerLookups } from './customers-lookups.ts';

/** One customer's account page and their ledger, page by page. */
export function createCustomerAccountService(ctx: AppContext) {
  const { db } = ctx;
  const { tierBriefs, customerOf } = createCustomerLookups(ctx);

  async function getAccount(merchantId: number, id: string): Promise<CustomerAccount> {
    const customer = await customerOf(merchantId, id);
    const [lots, coupons, orders, tiers, tierChanges, forgiven, recovery] = await Promise.all([
      findExpiringLots(db, merchantId, customer.id, ACCOUNT_LIST_SIZE),
      findCustomerCoupons(db, merchantId, customer.id, ACCOUNT_LIST_SIZE),
      findCustomerOrders(db, merchantId, customer.id, ACCOUNT_LIST_SIZE),
      tierBriefs(merchantId),
      findTierChanges(db, merchantId, customer.id, ACCOUNT_LIST_SIZE),
      sumForgiven(db, merchantId, customer.id),
      findDebtRecovery(db, merchantId, customer.id),
    ]);
    return {
      customer: toSummary(customer, tiers),
      expiring: lots.map((l) => ({ points: l.remaining, expiresAt: l.expiresAt.toISOString() })),
      coupons: coupons.map(toCoupon),
      orders: orders.map(toOrder),
      tierChanges: tierChanges.map(tierChangeView),
      pointsForgiven: forgiven,
      couponRecovery:
        recovery && recovery.status !== 'done' && customer.pointsDebt > 0
          ? {
              status: recovery.status,
              nextAttemptAt: recovery.status === 'pending' ? iso(recovery.nextAttemptAt) : null,
            }
          : null,
    };
  }

  async function getLedger(
    merchantId: number,
    id: string,
    query: { cursor?: string | undefined; limit: number },
  ) {
    const customer = await customerOf(merchantId, id);
    const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (cursor && Number.isNaN(Date.parse(cursor.key)))
      throw new AppError('VALIDATION_FAILED', {
        issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
      });
    const rows = await findCustomerLedger(
      db,
      merchantId,
      customer.id,
      cursor ? { at: cursor.key, id: cursor.id } : undefined,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: await toLedgerEntries(db, merchantId, page),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.atKey, last.id) : null,
    };
  }

  return { getAccount, getLedger };
}
