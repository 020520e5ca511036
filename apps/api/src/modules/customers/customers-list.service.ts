import {
  type CustomersFilter,
  type CustomersPage,
  type CustomersQuery,
  type Language,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { RIYADH_OFFSET_MS } from '../engine/index.ts';
import { NO_TIER_ID } from '../tiers/index.ts';
import { BOM, csvLine } from './csv.ts';
import {
  findCustomersPage,
  findStoreLedgerBatch,
  type CustomerFilter,
} from './customers-list.repository.ts';
import { DAY_MS, EXPORT_BATCH, toSummary, ORDER_SOURCES, causeOf } from './customers-views.ts';
import { encodeCursor, decodeCursor, checkCursorKey } from './customers-cursors.ts';
import { createCustomerLookups } from './customers-lookups.ts';

const CUSTOMERS_CSV_HEADER: Record<Language, string[]> = {
  ar: [
    'رقم العميل',
    'الاسم',
    'البريد الإلكتروني',
    'الجوال',
    'الرصيد',
    'نقاط معلقة',
    'إجمالي المكتسب',
    'إجمالي المستبدل',
    'الطلبات',
    'المشتريات (ريال)',
    'آخر طلب',
    'تاريخ الانضمام',
  ],
  en: [
    'Customer ID',
    'Name',
    'E-mail',
    'Mobile',
    'Balance',
    'Pending points',
    'Lifetime earned',
    'Lifetime redeemed',
    'Orders',
    'Spend (SAR)',
    'Last order',
    'Joined',
  ],
};

const LEDGER_CSV_HEADER: Record<Language, string[]> = {
  ar: [
    'رقم الحركة',
    'التاريخ',
    'رقم العميل',
    'النقاط',
    'النوع',
    'السبب',
    'رقم الطلب',
    'رقم الكوبون',
    'النقاط غير المخصومة',
    'ملاحظة',
  ],
  en: [
    'Entry ID',
    'Date',
    'Customer ID',
    'Points',
    'Kind',
    'Cause',
    'Order ID',
    'Coupon ID',
    'Shortfall',
    'Note',
  ],
};

/** The customers list: a page of it, and it or the store's ledger as CSV. */
export function createCustomersListService(ctx: AppContext) {
  const { db } = ctx;
  const { tierBriefs } = createCustomerLookups(ctx);

  /** `tiersOn`: the store's tiers are live, so its customers in none hold NO_TIER_ID. */
  function toFilter(query: CustomersFilter, now: Date, tiersOn: boolean): CustomerFilter {
    return {
      q: query.q,
      sort: query.sort,
      order: query.order,
      minBalance: query.minBalance,
      maxBalance: query.maxBalance,
      inactiveSince: query.inactiveDays
        ? new Date(now.getTime() - query.inactiveDays * DAY_MS)
        : undefined,
      expiring: query.expiringDays
        ? { now, before: new Date(now.getTime() + query.expiringDays * DAY_MS) }
        : undefined,
      tierId:
        query.tier === undefined
          ? undefined
          : query.tier === 'none'
            ? tiersOn
              ? NO_TIER_ID
              : null
            : query.tier,
    };
  }

  async function listCustomers(merchantId: number, query: CustomersQuery): Promise<CustomersPage> {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    if (after) checkCursorKey(query.sort, after.key);
    const tiers = await tierBriefs(merchantId);
    const rows = await findCustomersPage(
      db,
      merchantId,
      toFilter(query, ctx.now(), tiers.size > 0),
      after,
      query.limit + 1,
    );
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    return {
      items: page.map((c) => toSummary(c, tiers)),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last.sortKey, last.id) : null,
    };
  }

  /** The list as CSV, in batches read with the list's keyset (one batch in memory at a time). */
  async function* exportCustomersCsv(
    merchantId: number,
    query: CustomersFilter,
    lang: Language,
  ): AsyncGenerator<string> {
    const filter = toFilter(query, ctx.now(), (await tierBriefs(merchantId)).size > 0);
    yield BOM + csvLine(CUSTOMERS_CSV_HEADER[lang]);
    let after: { key: string; id: number } | undefined;
    for (;;) {
      const rows = await findCustomersPage(db, merchantId, filter, after, EXPORT_BATCH);
      if (rows.length === 0) return;
      let chunk = '';
      for (const c of rows) {
        const s = toSummary(c);
        chunk += csvLine([
          s.id,
          s.name,
          s.email,
          s.mobile,
          s.balance,
          s.pendingPoints,
          s.lifetimeEarned,
          s.lifetimeRedeemed,
          s.orders,
          s.spend,
          s.lastOrderAt,
          s.joinedAt,
        ]);
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      const last = rows[rows.length - 1]!;
      after = { key: last.sortKey, id: last.id };
    }
  }

  /** The store's ledger rows of [from, to] (Riyadh days), in id order, batch by batch. */
  async function* exportLedgerCsv(
    merchantId: number,
    range: { from: string; to: string },
    lang: Language,
  ): AsyncGenerator<string> {
    const from = new Date(Date.parse(range.from) - RIYADH_OFFSET_MS);
    const to = new Date(Date.parse(range.to) + DAY_MS - RIYADH_OFFSET_MS);
    yield BOM + csvLine(LEDGER_CSV_HEADER[lang]);
    let afterId = 0;
    for (;;) {
      const rows = await findStoreLedgerBatch(db, merchantId, { from, to }, afterId, EXPORT_BATCH);
      if (rows.length === 0) return;
      let chunk = '';
      for (const r of rows) {
        chunk += csvLine([
          r.id,
          r.createdAt.toISOString(),
          r.customerId,
          r.delta,
          r.kind,
          causeOf(r),
          ORDER_SOURCES.has(r.sourceType) ? r.sourceId : null,
          r.sourceType === 'redemption' ? r.sourceId : null,
          r.shortfall,
          r.note,
        ]);
      }
      yield chunk;
      if (rows.length < EXPORT_BATCH) return;
      afterId = rows[rows.length - 1]!.id;
    }
  }

  return { listCustomers, exportCustomersCsv, exportLedgerCsv };
}
