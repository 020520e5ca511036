import { randomInt } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { createDatabase, type DatabaseHandle } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink.ts';
import { uniqueEmail } from '../test/test-app.ts';
import { prepareDemo, seedDemoStore } from './demo.ts';

/**
 * The demo store as DEMO=1 fills it (issue 27): a history a merchant can believe — every
 * customer joined before their first order, and every ledger row comes after the order or the
 * joining it belongs to. A store of its own (the fixed demo store may exist in the shared test
 * database already), filled by the same code and the same signed webhooks.
 */
let app: App;
let database: DatabaseHandle;
let smtp: SmtpSink;
let closeSandbox: () => Promise<void>;
const merchantId = randomInt(1, 2 ** 47);

beforeAll(async () => {
  smtp = await startSmtpSink();
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nuqat-demo-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    SMTP_URL: smtp.url,
    DATABASE_URL: process.env.DATABASE_URL,
    LOG_LEVEL: 'silent',
    DEMO: '1',
  });
  const demo = await prepareDemo(base);
  closeSandbox = () => demo.sandbox.close();
  database = await createDatabase({ databaseUrl: demo.config.databaseUrl, poolSize: 4 });
  await database.migrate();
  app = await buildApp({ config: demo.config, database, logger: false, serveWeb: false });
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const seeded = await seedDemoStore(app, demo.sandbox, {
    merchantId,
    storeName: 'متجر تجريبي للاختبار',
    email: uniqueEmail('demo'),
    password: 'demo-store-test-2026',
    storeUrl: 'https://demo.salla.sa/test',
  });
  expect(seeded.created).toBe(true);
  expect(seeded.events).toBeGreaterThan(40);
});

afterAll(async () => {
  await app?.server.close();
  app?.context.mailer.close();
  await database?.close();
  await smtp?.close();
  await closeSandbox?.();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

describe('the seeded demo store', () => {
  test('has its customers, orders and points', async () => {
    const [counts] = await rows<{ customers: number; orders: number; ledger: number }>(sql`
      select (select count(*) from customers where merchant_id = ${merchantId})::int as customers,
             (select count(*) from orders where merchant_id = ${merchantId})::int as orders,
             (select count(*) from points_ledger where merchant_id = ${merchantId})::int as ledger`);
    expect(counts).toEqual({ customers: 8, orders: 22, ledger: expect.any(Number) });
    expect(counts!.ledger).toBeGreaterThan(20);
  });

  test('every customer joined before their first order', async () => {
    const checked = await rows<{ id: string; joined: string; first_order: string }>(sql`
      select c.id::text, c.created_at::text as joined, o.first_order::text
        from customers c
        join (select customer_id, min(placed_at) as first_order from orders
               where merchant_id = ${merchantId} group by customer_id) o on o.customer_id = c.id
       where c.merchant_id = ${merchantId}`);
    expect(checked).toHaveLength(8);
    expect(checked.filter((c) => new Date(c.joined) >= new Date(c.first_order))).toEqual([]);
  });

  test('every ledger row comes after the order it belongs to and after its customer joined', async () => {
    const ledger = await rows<{
      id: string;
      source_type: string;
      at: string;
      joined: string;
      placed: string | null;
    }>(sql`
      select l.id::text, l.source_type, l.created_at::text as at, c.created_at::text as joined,
             o.placed_at::text as placed
        from points_ledger l
        join customers c on c.merchant_id = l.merchant_id and c.id = l.customer_id
        left join orders o on o.merchant_id = l.merchant_id and l.source_type = 'order'
                          and o.id::text = l.source_id
       where l.merchant_id = ${merchantId}`);
    const forOrders = ledger.filter((row) => row.source_type === 'order');
    expect(forOrders.length).toBeGreaterThan(10);
    expect(forOrders.filter((row) => row.placed === null)).toEqual([]);
    expect(forOrders.filter((row) => new Date(row.at) < new Date(row.placed!))).toEqual([]);
    expect(ledger.filter((row) => new Date(row.at) < new Date(row.joined))).toEqual([]);
    expect(ledger.filter((row) => new Date(row.at) > new Date())).toEqual([]);
  });
});
