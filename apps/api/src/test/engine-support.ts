import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  signWebhook,
  startSallaSandbox,
  type CustomerFacts,
  type Envelope,
  type SallaSandbox,
} from '@nuqat/salla-sandbox';
import type { PlanId } from '@nuqat/contracts';
import type { DestinationStream } from 'pino';
import {
  customers,
  loyaltyRules,
  merchants,
  orders,
  pointsLedger,
  pointsLots,
  type RuleEvent,
} from '../db/schema/index.ts';
import { sealForStore } from '../lib/crypto.ts';
import { createSallaClient, type SallaClientOptions } from '../lib/salla-client.ts';
import { createMerchant, createTestContext, type TestContext } from './test-app.ts';

/** A fresh id for a store, customer or order, so suites never meet on a shared database. */
export function randomId(): number {
  return randomInt(1, 2 ** 47);
}

export function customerFacts(extra: Partial<CustomerFacts> = {}): CustomerFacts {
  return { id: randomId(), firstName: 'سارة', lastName: 'العتيبي', ...extra };
}

export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789';

export interface EngineContext extends TestContext {
  sandbox: SallaSandbox;
}

/** The real app wired to a local Salla sandbox, with webhooks signed by a known secret. */
export async function createEngineContext(
  options: {
    /** Salla client settings (a short timeout, another API base) for fault tests. */
    salla?: Partial<SallaClientOptions>;
    env?: Record<string, string>;
    serveWeb?: boolean;
    /** Where the app's log lines go (the test reads them); silent without it. */
    logStream?: DestinationStream;
    /**
     * A PostgreSQL database of the suite's own: for a suite that runs a job walking every store
     * (the expiry), which in the shared database would also act on the other suites' stores.
     */
    ownDatabase?: boolean;
  } = {},
): Promise<EngineContext> {
  const sandbox = await startSallaSandbox({
    clientId: 'test-client',
    clientSecret: 'test-client-secret',
  });
  const salla = options.salla
    ? createSallaClient({
        apiBase: sandbox.apiBase,
        authBase: sandbox.authBase,
        exchangeBase: sandbox.exchangeBase,
        clientId: 'test-client',
        clientSecret: 'test-client-secret',
        ...options.salla,
      })
    : undefined;
  const ctx = await createTestContext(
    {
      SALLA_WEBHOOK_SECRET: WEBHOOK_SECRET,
      SALLA_API_BASE: sandbox.apiBase,
      SALLA_AUTH_BASE: sandbox.authBase,
      SALLA_STOREFRONT_API_BASE: sandbox.storefrontApiBase,
      SALLA_CLIENT_ID: 'test-client',
      SALLA_CLIENT_SECRET: 'test-client-secret',
      SALLA_APP_ID: sandbox.appId,
      SALLA_EXCHANGE_API_BASE: sandbox.exchangeBase,
      SALLA_DASHBOARD_ORIGIN: sandbox.dashboardOrigin,
      ...options.env,
    },
    {
      ...(salla ? { salla } : {}),
      ...(options.serveWeb ? { serveWeb: true } : {}),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.ownDatabase ? { ownDatabase: true } : {}),
    },
  );
  return {
    ...ctx,
    sandbox,
    async close() {
      await ctx.close();
      await sandbox.close();
    },
  };
}

export function deliver(
  ctx: TestContext,
  envelope: Envelope | Record<string, unknown>,
  secret = WEBHOOK_SECRET,
) {
  const signed = signWebhook(envelope, secret);
  return ctx.server.inject({
    method: 'POST',
    url: '/api/salla/webhooks',
    headers: signed.headers,
    payload: signed.body,
  });
}

export async function deliverOk(ctx: TestContext, envelope: Envelope): Promise<string> {
  const res = await deliver(ctx, envelope);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.outcome;
}

export type RuleInput = {
  points: number;
  minRating?: number;
  requiredPurchases?: number;
  minOrderTotalSar?: number;
  maxPerCustomer?: number;
  /** purchase_amount: the points are for every this many SAR. */
  spendUnitSar?: number;
};

export async function setRules(
  ctx: TestContext,
  merchantId: number,
  rules: Partial<Record<RuleEvent, RuleInput>>,
): Promise<void> {
  for (const [event, r] of Object.entries(rules) as [RuleEvent, RuleInput][]) {
    const values = {
      merchantId,
      event,
      points: r.points,
      minRating: r.minRating ?? null,
      requiredPurchases: r.requiredPurchases ?? null,
      minOrderTotalHalalas:
        r.minOrderTotalSar === undefined ? null : Math.round(r.minOrderTotalSar * 100),
      maxPerCustomer: r.maxPerCustomer ?? null,
      spendUnitHalalas: r.spendUnitSar === undefined ? null : Math.round(r.spendUnitSar * 100),
    };
    await ctx.database.db
      .insert(loyaltyRules)
      .values(values)
      .onConflictDoUpdate({ target: [loyaltyRules.merchantId, loyaltyRules.event], set: values });
  }
}

/** A store with an active subscription (unless told otherwise) and the given rules. */
export async function setupStore(
  ctx: TestContext,
  options: {
    plan?: PlanId;
    rules?: Partial<Record<RuleEvent, RuleInput>>;
    expiryDays?: number | null;
    subscriptionStatus?: 'active' | 'inactive' | 'expired' | 'trial';
    subscriptionStartedAt?: Date;
    /** Salla order statuses that make points spendable (default: completed, delivered). */
    spendableOn?: string[];
    holdDays?: number;
  } = {},
): Promise<number> {
  const { merchant } = await createMerchant(ctx, {
    merchantId: randomInt(1, 2 ** 47),
    plan: options.plan ?? 'growth',
    subscriptionStatus: options.subscriptionStatus ?? 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  await ctx.database.db
    .update(merchants)
    .set({
      pointsExpiryDays: options.expiryDays ?? null,
      subscriptionStartedAt: options.subscriptionStartedAt ?? new Date(Date.now() - 86_400_000),
      ...(options.spendableOn ? { pointsSpendableOn: options.spendableOn } : {}),
      ...(options.holdDays !== undefined ? { pointsHoldDays: options.holdDays } : {}),
    })
    .where(eq(merchants.id, merchant.id));
  if ('sandbox' in ctx) {
    // Installed in the sandbox too, with tokens, so the store can call Salla's Merchant API.
    const tokens = (ctx as EngineContext).sandbox.registerStore({ merchantId: merchant.id });
    await ctx.database.db
      .update(merchants)
      .set({
        sallaAccessToken: sealForStore(
          ctx.config.keys.storeSecrets,
          merchant.id,
          tokens.access_token,
        ),
        sallaRefreshToken: sealForStore(
          ctx.config.keys.storeSecrets,
          merchant.id,
          tokens.refresh_token,
        ),
        sallaTokenExpiresAt: new Date(tokens.expires * 1000),
      })
      .where(eq(merchants.id, merchant.id));
  }
  if (options.rules) await setRules(ctx, merchant.id, options.rules);
  return merchant.id;
}

export async function balanceOf(
  ctx: TestContext,
  merchantId: number,
  customerId: number,
): Promise<number> {
  const [row] = await ctx.database.db
    .select({ b: customers.pointsBalance })
    .from(customers)
    .where(sql`${customers.merchantId} = ${merchantId} and ${customers.id} = ${customerId}`);
  return row?.b ?? 0;
}

export async function ledgerOf(ctx: TestContext, merchantId: number) {
  return ctx.database.db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.merchantId, merchantId))
    .orderBy(pointsLedger.id);
}

/**
 * The ledger invariant: for every customer the cached balance equals the ledger sum and the sum
 * of open lots, and nothing is negative; what they owe equals the rows' debt_delta, and a
 * customer who owes points has none to spend (docs/decisions/027).
 */
export async function expectLedgerInvariant(ctx: TestContext, merchantId: number): Promise<void> {
  const result = await ctx.database.db.execute(sql`
    select c.id, c.points_balance as balance, c.points_debt as debt,
      coalesce((select sum(l.delta) from ${pointsLedger} l where l.merchant_id = c.merchant_id and l.customer_id = c.id), 0)::int as ledger,
      coalesce((select sum(l.debt_delta) from ${pointsLedger} l where l.merchant_id = c.merchant_id and l.customer_id = c.id), 0)::int as ledger_debt,
      coalesce((select sum(t.remaining) from ${pointsLots} t where t.merchant_id = c.merchant_id and t.customer_id = c.id), 0)::int as lots,
      coalesce((select min(t.remaining) from ${pointsLots} t where t.merchant_id = c.merchant_id and t.customer_id = c.id), 0)::int as min_lot
    from ${customers} c where c.merchant_id = ${merchantId}`);
  const rows = (
    result as unknown as {
      rows: {
        id: number;
        balance: number;
        debt: number;
        ledger: number;
        ledger_debt: number;
        lots: number;
        min_lot: number;
      }[];
    }
  ).rows;
  for (const r of rows) {
    expect(Number(r.balance), `customer ${r.id}: balance vs ledger`).toBe(Number(r.ledger));
    expect(Number(r.lots), `customer ${r.id}: lots vs balance`).toBe(Number(r.balance));
    expect(Number(r.balance)).toBeGreaterThanOrEqual(0);
    expect(Number(r.min_lot)).toBeGreaterThanOrEqual(0);
    expect(Number(r.debt), `customer ${r.id}: debt vs ledger`).toBe(Number(r.ledger_debt));
    expect(Number(r.debt)).toBeGreaterThanOrEqual(0);
    if (Number(r.debt) > 0) expect(Number(r.balance), `customer ${r.id} owes points`).toBe(0);
  }
}

/** What the customer owes (docs/decisions/027). */
export async function debtOf(
  ctx: TestContext,
  merchantId: number,
  customerId: number,
): Promise<number> {
  const [row] = await ctx.database.db
    .select({ d: customers.pointsDebt })
    .from(customers)
    .where(sql`${customers.merchantId} = ${merchantId} and ${customers.id} = ${customerId}`);
  return row?.d ?? 0;
}

/**
 * A store's rows with its own ids replaced by labels (o1, c1, …, in id order), so two stores fed
 * the same history can be compared row for row (the fast, event and general paths: decision 062).
 */
export async function storeSnapshot(c: EngineContext, merchantId: number) {
  const db = c.database.db;
  const orderRows = await db
    .select()
    .from(orders)
    .where(eq(orders.merchantId, merchantId))
    .orderBy(orders.id);
  const customerRows = await db
    .select()
    .from(customers)
    .where(eq(customers.merchantId, merchantId))
    .orderBy(customers.id);
  const label = new Map<string, string>();
  orderRows.forEach((o, i) => label.set(String(o.id), `o${i + 1}`));
  customerRows.forEach((r, i) => label.set(String(r.id), `c${i + 1}`));
  const norm = (v: unknown) =>
    typeof v === 'number' || typeof v === 'string'
      ? String(v).replace(/\d{4,}/g, (n) => label.get(n) ?? n)
      : v;
  const strip = <T extends Record<string, unknown>>(row: T, drop: string[]) =>
    Object.fromEntries(
      Object.entries(row)
        .filter(([k]) => !drop.includes(k))
        .map(([k, v]) => [k, norm(v)]),
    );
  const ledgerRows = await db
    .select()
    .from(pointsLedger)
    .where(eq(pointsLedger.merchantId, merchantId));
  [...new Set(ledgerRows.filter((r) => r.sourceType === 'review').map((r) => r.sourceId))]
    .sort((a, b) => Number(a) - Number(b))
    .forEach((id, i) => label.set(id, `r${i + 1}`));
  const lotRows = await db.select().from(pointsLots).where(eq(pointsLots.merchantId, merchantId));
  const byKey = (a: Record<string, unknown>, b: Record<string, unknown>) =>
    JSON.stringify(a) < JSON.stringify(b) ? -1 : 1;
  return {
    orders: orderRows.map((r) => strip(r, ['merchantId', 'createdAt', 'updatedAt', 'referenceId'])),
    // The sandbox derives mobile numbers and order numbers from ids: not engine output.
    customers: customerRows.map((r) =>
      strip(r, ['merchantId', 'createdAt', 'updatedAt', 'mobile']),
    ),
    ledger: ledgerRows.map((r) => strip(r, ['merchantId', 'id'])).sort(byKey),
    lots: lotRows.map((r) => strip(r, ['merchantId', 'ledgerId'])).sort(byKey),
  };
}
