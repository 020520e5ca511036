import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, test, vi } from 'vitest';
import { createDatabase } from './client.ts';
import { merchants } from './schema/index.ts';

describe('embedded database', () => {
  test('starting twice on the same data directory keeps the data', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'nuqat-db-')), 'pglite');
    const first = await createDatabase({ pgliteDir: dir });
    await first.migrate();
    await first.db
      .insert(merchants)
      .values({ id: 42, storeName: 'Kept', email: 'kept@example.com' });
    await first.close();

    const second = await createDatabase({ pgliteDir: dir });
    await second.migrate();
    const rows = await second.db.select().from(merchants).where(eq(merchants.id, 42));
    await second.close();
    expect(rows.map((r) => r.storeName)).toEqual(['Kept']);
    // Two cold starts of the embedded database, each replaying every migration to disk: on a
    // busy two-core runner this takes longer than an ordinary test.
  }, 90_000);

  test('the schema refuses an e-mail that is not lower-case', { timeout: 60_000 }, async () => {
    const db = await createDatabase({});
    await db.migrate();
    await expect(
      db.db.insert(merchants).values({ id: 1, storeName: 'x', email: 'Upper@Example.com' }),
    ).rejects.toThrow();
    await db.close();
  });
});

// The pool exists only with a PostgreSQL server (CI runs every suite against one).
describe.runIf(process.env.DATABASE_URL)('PostgreSQL pool', () => {
  test('an idle connection the server ends is dropped, and the next query works', async () => {
    const databaseUrl = process.env.DATABASE_URL!;
    const applicationName = `nuqat-test-${randomUUID().slice(0, 8)}`;
    const lost: Error[] = [];
    const handle = await createDatabase({
      databaseUrl,
      poolSize: 1,
      applicationName,
      onIdleConnectionError: (error) => lost.push(error),
    });
    try {
      await handle.ping();
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      const ended = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
      await admin.end();
      expect(ended.rowCount).toBe(1);
      await vi.waitFor(() => expect(lost).toHaveLength(1));
      await handle.ping();
    } finally {
      await handle.close();
    }
  });

  test('every pooled connection carries statement, lock and idle-in-transaction limits', async () => {
    const handle = await createDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 1 });
    try {
      const [row] = (
        (await handle.db.execute(
          sql`select current_setting('statement_timeout') as statement,
                     current_setting('lock_timeout') as lock,
                     current_setting('idle_in_transaction_session_timeout') as idle`,
        )) as unknown as { rows: { statement: string; lock: string; idle: string }[] }
      ).rows;
      expect(row).toEqual({ statement: '30s', lock: '10s', idle: '1min' });
    } finally {
      await handle.close();
    }
  });
});
