import { createHash } from 'node:crypto';
import {
  ACCOUNT_LIST_SIZE,
  IMPORT_MAX_ROWS,
  IMPORT_POINTS_MAX,
  type Adjustment,
  type AdjustPointsBody,
  type CustomerAccount,
  type CustomerData,
  type CustomersFilter,
  type CustomersPage,
  type CustomersQuery,
  type CustomerSummary,
  emailKey,
  type ImportProblem,
  type ForgiveDebtBody,
  type ForgiveDebtResult,
  type ImportResult,
  type Language,
  type LedgerEntry,
  type TierBrief,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { RIYADH_OFFSET_MS } from '../engine/index.ts';
import { expiryFor } from '../engine/index.ts';
import { forgetRateLimitsOf } from '../../lib/rate-limit.ts';
import {
  creditPoints,
  creditPointsMany,
  debitPoints,
  forgiveDebt as forgiveOwedPoints,
  rewriteLedgerNotes,
} from '../engine/index.ts';
import { findDebtRecovery } from '../engine/index.ts';
import { lockCustomerBalance } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import { NO_TIER_ID, findTierChanges, findTierSettings, findTiers } from '../tiers/index.ts';
import { tierBrief, tierChangeView, tiersLive } from '../tiers/index.ts';
import { skipNotificationsOfErased } from '../notifications/index.ts';
import { findFriendEmailsOf, forgetFriendEmails } from '../referrals/index.ts';
import { redactShopperDeadLetters } from '../salla/index.ts';
import { redactShopperEvents } from '../engine/index.ts';
import { BOM, csvLine, parseCsv } from './csv.ts';
import { erasedPerson, redactPerson, textPatterns } from './erasure.ts';
import {
  eraseCustomer,
  findAdjustment,
  findAdjustmentsByKeys,
  findCustomer,
  findCustomerCoupons,
  findCustomerLedger,
  findCustomerOrders,
  findCustomersPage,
  findExpiringLots,
  findImported,
  findOrderIdsOf,
  findOrderReferences,
  findSessions,
  findShopperCodeEmails,
  findShoppersForImport,
  findStoreLedgerBatch,
  insertAdjustment,
  lockCustomer,
  lockShoppersForImport,
  rewriteAdjustmentReasons,
  sumForgiven,
  type AdjustmentRow,
  type CouponRow,
  type CustomerFilter,
  type CustomerRow,
  type ListedCustomer,
  type LedgerRow,
  type OrderRow,
} from './customers.repository.ts';

const DAY_MS = 86_400_000;
/** Rows per query when a CSV is streamed: memory holds one batch, whatever the store's size. */
export const EXPORT_BATCH = 1000;
const sar = (halalas: number) => Math.round(halalas) / 100;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- Cursors --------------------------------------------------------------------------------------

function encodeCursor(key: string, id: number): string {
  return Buffer.from(JSON.stringify([key, String(id)]), 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { key: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      value[0].length <= 64 &&
      /^[0-9A-Za-z:.+\- ]+$/.test(value[0]) &&
      typeof value[1] === 'string' &&
      /^\d{1,18}$/.test(value[1]) &&
      Number.isSafeInteger(Number(value[1]))
    )
      return { key: value[0], id: Number(value[1]) };
  } catch {
    // falls through to the validation error
  }
  throw new AppError('VALIDATION_FAILED', {
    issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
  });
}

/** A cursor's key must read back as its sort's type (else the query would fail: 400, not 500). */
function checkCursorKey(sort: CustomersFilter['sort'], key: string): void {
  const ok =
    sort === 'balance' || sort === 'spend'
      ? /^-?\d{1,19}$/.test(key)
      : key === '-infinity' || !Number.isNaN(Date.parse(key));
  if (!ok)
    throw new AppError('VALIDATION_FAILED', {
      issues: [{ path: 'cursor', code: 'invalid_cursor', message: 'Unknown cursor' }],
    });
}

const customerIdOf = (id: string): number | null => {
  const n = Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

// ---- Mapping --------------------------------------------------------------------------------------

/** The store's live tiers by id (empty when tiers are off): what a customer's tier shows. */
export type TierBriefs = Map<string, TierBrief>;

export function toSummary(
  c: ListedCustomer | CustomerRow,
  tiers: TierBriefs = new Map(),
): CustomerSummary {
  return {
    id: String(c.id),
    name: `${c.firstName} ${c.lastName}`.trim(),
    email: c.email,
    mobile: c.mobile,
    balance: c.pointsBalance,
    pointsOwed: c.pointsDebt,
    pendingPoints: Math.max(0, c.pendingPoints),
    lifetimeEarned: c.lifetimeEarned,
    lifetimeRedeemed: c.lifetimeRedeemed,
    orders: c.ordersCount,
    spend: sar(c.spendHalalas),
    lastOrderAt: iso(c.lastOrderAt),
    joinedAt: c.createdAt.toISOString(),
    erasedAt: iso(c.erasedAt),
    tier: (c.tierId && tiers.get(c.tierId)) || null,
  };
}

const ORDER_SOURCES = new Set(['order', 'repeat_purchase']);

function causeOf(row: LedgerRow): LedgerEntry['cause'] {
  switch (row.kind) {
    case 'earn':
      return (
        (['order', 'repeat_purchase', 'signup', 'birthday', 'review'] as const).find(
          (s) => s === row.sourceType,
        ) ?? 'other'
      );
    case 'clawback':
      return row.sourceType === 'debt' ? 'debt_repaid' : 'refund';
    case 'redeem':
      return row.idempotencyKey.startsWith('coupon_reclaim:') ? 'coupon_reclaimed' : 'redemption';
    case 'redeem_rollback':
      return row.idempotencyKey.startsWith('coupon_cancel:')
        ? 'coupon_cancelled'
        : row.idempotencyKey.startsWith('coupon_withdraw:')
          ? 'coupon_withdrawn'
          : 'redemption_returned';
    case 'expire':
      return 'expiry';
    case 'adjust':
      return row.sourceType === 'debt' ? 'debt_forgiven' : 'adjustment';
    case 'referral':
      return 'referral';
    case 'import':
      return 'import';
  }
}

async function toLedgerEntries(
  db: Executor,
  merchantId: number,
  rows: LedgerRow[],
): Promise<LedgerEntry[]> {
  const orderIds = [
    ...new Set(
      rows
        .filter((r) => ORDER_SOURCES.has(r.sourceType))
        .map((r) => Number(r.sourceId))
        .filter((n) => Number.isSafeInteger(n) && n > 0),
    ),
  ];
  const [refs, adjustments] = await Promise.all([
    findOrderReferences(db, merchantId, orderIds),
    findAdjustmentsByKeys(
      db,
      merchantId,
      rows.filter((r) => r.kind === 'adjust' && r.sourceType === 'manual').map((r) => r.sourceId),
    ),
  ]);
  return rows.map((r) => {
    const orderId = ORDER_SOURCES.has(r.sourceType) ? Number(r.sourceId) : null;
    const adjustment = r.kind === 'adjust' ? adjustments.get(r.sourceId) : undefined;
    return {
      id: String(r.id),
      at: r.createdAt.toISOString(),
      points: r.delta,
      kind: r.kind,
      cause: causeOf(r),
      orderId: orderId !== null && Number.isSafeInteger(orderId) ? String(orderId) : null,
      orderReference: orderId !== null ? (refs.get(orderId) ?? null) : null,
      couponId:
        r.sourceType === 'redemption' && /^[0-9a-f-]{36}$/i.test(r.sourceId) ? r.sourceId : null,
      shortfall: r.shortfall,
      owed: r.debtDelta,
      forgiven: r.shortfall - Math.max(0, r.debtDelta),
      expiresAt: iso(r.expiresAt),
      note: r.note,
      adjustedBy: adjustment ? { sessionId: adjustment.sessionId } : null,
    };
  });
}

const toCoupon = (r: CouponRow) => ({
  id: r.id,
  code: r.couponCode,
  status: r.status,
  points: r.points,
  rewardName: r.rewardName ?? '',
  createdAt: r.createdAt.toISOString(),
  expiresAt: iso(r.couponExpiresAt),
  usedAt: iso(r.usedAt),
  usedOrderId: r.usedOrderId === null ? null : String(r.usedOrderId),
  cancelledAt: iso(r.cancelledAt),
  cancelReason: r.cancelReason,
});

const toOrder = (o: OrderRow) => ({
  id: String(o.id),
  reference: o.referenceId,
  status: o.statusSlug,
  placedAt: iso(o.placedAt),
  total: sar(o.totalHalalas),
  refunded: sar(o.refundedHalalas),
  cancelled: o.cancelled,
  fullyRefunded: o.fullyRefunded,
  earnStatus: o.earnStatus,
  points: o.earnPoints + o.amountPoints,
  releasedAt: iso(o.releasedAt),
});

const toAdjustment = (a: AdjustmentRow): Adjustment => ({
  idempotencyKey: a.idempotencyKey,
  customerId: String(a.customerId),
  points: a.points,
  reason: a.reason,
  balanceAfter: a.balanceAfter,
  ledgerId: String(a.ledgerId),
  sessionId: a.sessionId,
  at: a.createdAt.toISOString(),
});

// ---- CSV headers ----------------------------------------------------------------------------------

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

// ---- Import -----------------------------------------------------------------------------------------

const ID_HEADERS = new Set([
  'customer_id',
  'customer id',
  'salla_id',
  'salla id',
  'id',
  'رقم العميل',
]);
const EMAIL_HEADERS = new Set(['email', 'e-mail', 'البريد الإلكتروني', 'البريد']);
const POINTS_HEADERS = new Set(['points', 'balance', 'النقاط', 'الرصيد']);

interface ImportRow {
  line: number;
  value: string;
  id: number | null;
  email: string | null;
  points: number | null;
}

function readImportFile(text: string): ImportRow[] {
  const rows = parseCsv(text);
  const header = rows[0]?.cells.map((c) => c.trim().toLowerCase()) ?? [];
  const idCol = header.findIndex((h) => ID_HEADERS.has(h));
  const emailCol = header.findIndex((h) => EMAIL_HEADERS.has(h));
  const pointsCol = header.findIndex((h) => POINTS_HEADERS.has(h));
  if ((idCol < 0 && emailCol < 0) || pointsCol < 0) throw new AppError('IMPORT_FILE_INVALID');
  if (rows.length - 1 > IMPORT_MAX_ROWS)
    throw new AppError('IMPORT_FILE_INVALID', {
      issues: [{ path: 'body', code: 'too_many_rows', message: `At most ${IMPORT_MAX_ROWS} rows` }],
    });
  return rows.slice(1).map(({ line, cells }) => {
    const idText = idCol >= 0 ? (cells[idCol] ?? '').trim() : '';
    const emailText = emailCol >= 0 ? (cells[emailCol] ?? '').trim() : '';
    const pointsText = (cells[pointsCol] ?? '').trim();
    const id =
      /^\d{1,18}$/.test(idText) && Number.isSafeInteger(Number(idText)) ? Number(idText) : null;
    const points = /^\d{1,9}$/.test(pointsText) ? Number(pointsText) : null;
    return {
      line,
      value: idText || emailText,
      id: id !== null && id > 0 ? id : null,
      /** The address's key (emailKey): the shopper is found by it, whatever its spelling. */
      email: id === null && emailText.includes('@') ? emailKey(emailText) : null,
      points: points !== null && points >= 1 && points <= IMPORT_POINTS_MAX ? points : null,
    };
  });
}

/**
 * The one ledger key of a shopper's opening balance: the ledger's unique key makes it once per
 * shopper, whatever file brings it. (Until issue 22 the key also named the file's hash, so two
 * files could each bring one: such older rows are found by their kind, under the shopper's lock.)
 */
const openingBalanceKey = (customerId: number) => `import:${customerId}`;

// ---- The service ----------------------------------------------------------------------------------

export function createCustomersService(ctx: AppContext) {
  const { db } = ctx;

  async function storeOf(merchantId: number) {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return merchant;
  }

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

  async function tierBriefs(merchantId: number): Promise<TierBriefs> {
    const [merchant, settings] = await Promise.all([
      findMerchantById(db, merchantId),
      findTierSettings(db, merchantId),
    ]);
    if (!merchant || !tiersLive(merchant, settings)) return new Map();
    return new Map((await findTiers(db, merchantId)).map((t) => [t.id, tierBrief(t)]));
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

  async function customerOf(merchantId: number, id: string): Promise<CustomerRow> {
    const customerId = customerIdOf(id);
    const customer =
      customerId === null ? undefined : await findCustomer(db, merchantId, customerId);
    if (!customer) throw new AppError('NOT_FOUND');
    return customer;
  }

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

  /**
   * The merchant lets the customer off all they owe (docs/decisions/027): one ledger row
   * (`debt_forgive:<key>`) that moves no points, once per key, under the customer's lock.
   */
  async function forgiveDebt(input: {
    merchantId: number;
    customerId: string;
    body: ForgiveDebtBody;
  }): Promise<ForgiveDebtResult> {
    const { merchantId, body } = input;
    const customerId = customerIdOf(input.customerId);
    if (customerId === null) throw new AppError('NOT_FOUND');
    const tiers = await tierBriefs(merchantId);
    return db.transaction(async (tx) => {
      if (!(await lockCustomer(tx, merchantId, customerId))) throw new AppError('NOT_FOUND');
      const result = await forgiveOwedPoints(tx, {
        merchantId,
        customerId,
        sourceType: 'debt',
        sourceId: body.idempotencyKey,
        idempotencyKey: `debt_forgive:${body.idempotencyKey}`,
        at: ctx.now(),
      });
      const customer = (await findCustomer(tx, merchantId, customerId))!;
      if (result)
        ctx.log.info({ merchantId, customerId, points: result.points }, 'points owed forgiven');
      return { forgiven: result?.points ?? 0, customer: toSummary(customer, tiers) };
    });
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

  /**
   * One manual adjustment, once per idempotency key: the shopper's row is locked, a removal never
   * takes more than the balance (409), and the ledger row `adjust:<key>` with the reason as its
   * note is written with the audit row (who, when, the balance after) in one transaction.
   */
  async function adjust(input: {
    merchantId: number;
    sessionId: string | null;
    customerId: string;
    body: AdjustPointsBody;
  }): Promise<Adjustment> {
    const { merchantId, body } = input;
    const customerId = customerIdOf(input.customerId);
    if (customerId === null) throw new AppError('NOT_FOUND');
    const merchant = await storeOf(merchantId);
    const sameBody = (a: AdjustmentRow) =>
      a.customerId === customerId && a.points === body.points && a.reason === body.reason;
    const replay = (a: AdjustmentRow) => {
      if (!sameBody(a)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return toAdjustment(a);
    };
    const earlier = await findAdjustment(db, merchantId, body.idempotencyKey);
    if (earlier) return replay(earlier);
    const at = ctx.now();
    const outcome = await db.transaction(async (tx) => {
      const customer = await lockCustomer(tx, merchantId, customerId);
      if (!customer) throw new AppError('NOT_FOUND');
      // A submit that raced this one and won is answered as a replay.
      const raced = await findAdjustment(tx, merchantId, body.idempotencyKey);
      if (raced) return { kind: 'replay' as const, row: raced };
      if (customer.erasedAt) throw new AppError('CUSTOMER_ERASED');
      if (body.points < 0 && customer.pointsBalance < -body.points)
        throw new AppError('ADJUSTMENT_EXCEEDS_BALANCE');
      const entry = {
        merchantId,
        customerId,
        sourceType: 'manual',
        sourceId: body.idempotencyKey,
        idempotencyKey: `adjust:${body.idempotencyKey}`,
        note: body.reason,
        at,
      };
      const row =
        body.points > 0
          ? await creditPoints(tx, {
              ...entry,
              points: body.points,
              kind: 'adjust',
              expiresAt: expiryFor(merchant, at),
            })
          : await debitPoints(tx, { ...entry, points: -body.points, kind: 'adjust' });
      // The key was taken by a concurrent submit for another shopper: theirs stands.
      if (!row) return { kind: 'lost' as const };
      const saved = await insertAdjustment(tx, {
        merchantId,
        idempotencyKey: body.idempotencyKey,
        customerId,
        points: body.points,
        reason: body.reason,
        ledgerId: row.id,
        // A credit repays what the shopper owes first (docs/decisions/027): read what is left.
        balanceAfter: (await lockCustomerBalance(tx, merchantId, customerId)) ?? 0,
        sessionId: input.sessionId,
        createdAt: at,
      });
      return { kind: 'done' as const, row: saved };
    });
    if (outcome.kind === 'lost') {
      const winner = await findAdjustment(db, merchantId, body.idempotencyKey);
      if (!winner) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return replay(winner);
    }
    return outcome.kind === 'replay' ? replay(outcome.row) : toAdjustment(outcome.row);
  }

  /**
   * Opening balances from another loyalty app. Every row is checked (shopper known — by Salla id,
   * or by the key of their e-mail and only when one shopper has it —, points a whole number in
   * range, the shopper once in the file, not erased, no opening balance yet); a dry run answers
   * that and writes nothing. Applying locks the file's shoppers (in id order, so two imports
   * never deadlock), checks again under the locks and writes each good row as one `import`
   * ledger row under `import:<shopper>` — one opening balance per shopper, whatever file brings
   * it, also against a concurrent import (docs/decisions/029). The report is what was written:
   * a row another import got to first is listed as `already_imported`.
   */
  async function importBalances(input: {
    merchantId: number;
    csv: string;
    dryRun: boolean;
  }): Promise<ImportResult> {
    const { merchantId, dryRun } = input;
    const merchant = await storeOf(merchantId);
    const fileHash = createHash('sha256').update(input.csv, 'utf8').digest('hex');
    const rows = readImportFile(input.csv);

    const run = async (tx: Executor): Promise<ImportResult> => {
      type Shopper = { id: number; erased: boolean };
      const byId = new Map<number, Shopper>();
      /** Every shopper with that e-mail key: more than one is a row we will not guess. */
      const byEmail = new Map<string, Shopper[]>();
      for (let i = 0; i < rows.length; i += EXPORT_BATCH) {
        const batch = rows.slice(i, i + EXPORT_BATCH);
        const found = await findShoppersForImport(
          tx,
          merchantId,
          batch.flatMap((r) => (r.id !== null ? [r.id] : [])),
          batch.flatMap((r) => (r.email !== null ? [r.email] : [])),
        );
        for (const s of found) {
          if (byId.has(s.id)) continue;
          const shopper = { id: s.id, erased: s.erased };
          byId.set(s.id, shopper);
          if (s.emailKey) byEmail.set(s.emailKey, [...(byEmail.get(s.emailKey) ?? []), shopper]);
        }
      }
      const resolved = rows.map((row) => {
        if (row.id !== null) return { row, shopper: byId.get(row.id), ambiguous: false };
        const matches = row.email !== null ? (byEmail.get(row.email) ?? []) : [];
        return {
          row,
          shopper: matches.length === 1 ? matches[0] : undefined,
          ambiguous: matches.length > 1,
        };
      });
      const shopperIds = [
        ...new Set(resolved.flatMap((r) => (r.shopper ? [r.shopper.id] : []))),
      ].sort((a, b) => a - b);
      if (!dryRun)
        // Under these locks nobody else can give these shoppers an opening balance or erase them.
        for (let i = 0; i < shopperIds.length; i += EXPORT_BATCH)
          for (const locked of await lockShoppersForImport(
            tx,
            merchantId,
            shopperIds.slice(i, i + EXPORT_BATCH),
          ))
            byId.get(locked.id)!.erased = locked.erased;
      const imported = new Set<number>();
      for (let i = 0; i < shopperIds.length; i += EXPORT_BATCH)
        for (const id of await findImported(tx, merchantId, shopperIds.slice(i, i + EXPORT_BATCH)))
          imported.add(id);

      const problems: ImportResult['problems'] = [];
      const good: { line: number; value: string; customerId: number; points: number }[] = [];
      const seen = new Set<number>();
      const problemOf = (line: number, problem: ImportProblem, value: string) =>
        problems.push({ line, problem, value: value.slice(0, 200) });
      for (const { row, shopper, ambiguous } of resolved) {
        const problem =
          row.id === null && row.email === null
            ? 'missing_shopper'
            : row.points === null
              ? 'bad_number'
              : ambiguous
                ? 'ambiguous_shopper'
                : !shopper
                  ? 'unknown_shopper'
                  : seen.has(shopper.id)
                    ? 'duplicate_in_file'
                    : shopper.erased
                      ? 'erased_shopper'
                      : imported.has(shopper.id)
                        ? 'already_imported'
                        : null;
        if (shopper) seen.add(shopper.id);
        if (problem) problemOf(row.line, problem, row.value);
        else
          good.push({
            line: row.line,
            value: row.value,
            customerId: shopper!.id,
            points: row.points!,
          });
      }
      let written = good;
      if (!dryRun) {
        const at = ctx.now();
        const expiresAt = expiryFor(merchant, at);
        const credited = new Set<number>();
        for (let i = 0; i < good.length; i += EXPORT_BATCH)
          for (const row of await creditPointsMany(
            tx,
            merchantId,
            good.slice(i, i + EXPORT_BATCH).map((g) => ({
              customerId: g.customerId,
              points: g.points,
              kind: 'import',
              sourceType: 'import',
              sourceId: fileHash,
              idempotencyKey: openingBalanceKey(g.customerId),
              note: null,
              expiresAt,
            })),
            at,
          ))
            credited.add(row.customerId);
        // The key holds one opening balance per shopper even where the locks were not taken.
        written = good.filter((g) => credited.has(g.customerId));
        for (const g of good)
          if (!credited.has(g.customerId)) problemOf(g.line, 'already_imported', g.value);
        problems.sort((a, b) => a.line - b.line);
      }
      return {
        dryRun,
        fileHash,
        rows: rows.length,
        good: written.length,
        points: written.reduce((sum, g) => sum + g.points, 0),
        problems,
      };
    };
    return dryRun ? run(db) : db.transaction(run);
  }

  /** Everything kept about one shopper (a data-access request). */
  async function exportData(merchantId: number, id: string): Promise<CustomerData> {
    const customer = await customerOf(merchantId, id);
    const [ledger, orders, coupons, sessions] = await Promise.all([
      findCustomerLedger(db, merchantId, customer.id, undefined),
      findCustomerOrders(db, merchantId, customer.id),
      findCustomerCoupons(db, merchantId, customer.id),
      findSessions(db, merchantId, customer.id),
    ]);
    return {
      exportedAt: ctx.now().toISOString(),
      profile: {
        id: String(customer.id),
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        mobile: customer.mobile,
        avatar: customer.avatar,
        birthday: customer.birthday,
        joinedAt: customer.createdAt.toISOString(),
        erasedAt: iso(customer.erasedAt),
      },
      balance: customer.pointsBalance,
      ledger: await toLedgerEntries(db, merchantId, ledger),
      orders: orders.map(toOrder),
      coupons: coupons.map(toCoupon),
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        revokedAt: iso(s.revokedAt),
      })),
    };
  }

  /**
   * Erasure, everywhere Nuqat keeps the shopper (docs/decisions/029). In one transaction under
   * their lock: the profile; sign-in codes and sessions; their name, address and mobile in the
   * merchant's notes (ledger and adjustments); their address as a referral's friend; the mails
   * still waiting; the rate-limit counters keyed by their address; the dead letters about them.
   * Then, once that is committed, the store's stored Salla events about them, in batches (a
   * large store has millions): only what the ledger needs stays (ids, amounts, statuses). From
   * the commit on, Salla's events about them are stored without their data (a trigger, migration
   * 0017), so the pass misses nothing; should it fail, erasing again finishes it. Points, orders,
   * coupons and referrals stay under Salla's numeric id, so every total stays true.
   */
  async function erase(merchantId: number, id: string) {
    const customerId = customerIdOf(id);
    if (customerId === null) throw new AppError('NOT_FOUND');
    const at = ctx.now();
    const { orderIds, ...counts } = await db.transaction(async (tx) => {
      const customer = await lockCustomer(tx, merchantId, customerId);
      if (!customer) throw new AppError('NOT_FOUND');
      // One after another: a transaction's queries share its connection.
      const codeEmails = await findShopperCodeEmails(tx, merchantId, customerId);
      const friendEmails = await findFriendEmailsOf(tx, merchantId, customerId);
      const orderIds = await findOrderIdsOf(tx, merchantId, customerId);
      const person = erasedPerson({
        addresses: [customer.email, ...codeEmails, ...friendEmails],
        mobile: customer.mobile,
        firstName: customer.firstName,
        lastName: customer.lastName,
      });
      const redact = (text: string) => redactPerson(text, person);
      const sessionsEnded = await eraseCustomer(tx, merchantId, customerId, at);
      await rewriteLedgerNotes(tx, { merchantId, customerId, rewrite: redact });
      await rewriteAdjustmentReasons(tx, merchantId, customerId, redact);
      const referralsBlanked = await forgetFriendEmails(tx, merchantId, {
        customerId,
        emailKeys: person.emailKeys,
      });
      await skipNotificationsOfErased(tx, { merchantId, customerId, at });
      await forgetRateLimitsOf(tx, {
        merchantId,
        emailKeys: person.emailKeys,
        mobileDigits: person.mobileDigits,
      });
      const deadLettersBlanked = await redactShopperDeadLetters(tx, merchantId, {
        customerId,
        orderIds,
        patterns: textPatterns(person),
      });
      return { orderIds, sessionsEnded, deadLettersBlanked, referralsBlanked };
    });
    const webhookPayloadsBlanked = await redactShopperEvents(db, merchantId, {
      customerId,
      orderIds,
    });
    const customer = await customerOf(merchantId, id);
    return { customer: toSummary(customer), ...counts, webhookPayloadsBlanked };
  }

  return {
    listCustomers,
    exportCustomersCsv,
    exportLedgerCsv,
    getAccount,
    getLedger,
    adjust,
    forgiveDebt,
    importBalances,
    exportData,
    erase,
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
