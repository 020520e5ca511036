import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, test } from 'vitest';
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
  });

  test('the schema refuses an e-mail that is not lower-case', async () => {
    const db = await createDatabase({});
    await db.migrate();
    await expect(
      db.db.insert(merchants).values({ id: 1, storeName: 'x', email: 'Upper@Example.com' }),
    ).rejects.toThrow();
    await db.close();
  });
});
