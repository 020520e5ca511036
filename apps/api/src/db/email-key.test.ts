import { emailKey } from '@nuqat/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client.ts';

// Spellings of one mailbox, and addresses that must stay apart.
const CASES: [string, string][] = [
  ['customer1@example.com', 'customer1@example.com'],
  ['  Customer1@Example.COM ', 'customer1@example.com'],
  ['customer1+a@example.com', 'customer1@example.com'],
  ['customer1+b+c@example.com', 'customer1@example.com'],
  ['cust.omer1@example.com', 'cust.omer1@example.com'],
  ['Cust.Omer.1+ref@Gmail.com', 'customer1@gmail.com'],
  ['c.u.s.t.o.m.e.r.1@googlemail.com', 'customer1@gmail.com'],
  ['weird"@"quoted@example.com', 'weird"@"quoted@example.com'],
  ['no-at-sign', 'no-at-sign'],
  ['\tTabbed@Example.com\n', 'tabbed@example.com'],
  ['سارة+x@example.sa', 'سارة@example.sa'],
];

describe('emailKey', () => {
  test.each(CASES)('%j → %j', (input, key) => {
    expect(emailKey(input)).toBe(key);
  });

  test('different mailboxes keep different keys', () => {
    expect(emailKey('customer1@example.com')).not.toBe(emailKey('customer2@example.com'));
    // Dots only fold for Gmail: elsewhere they are part of the name.
    expect(emailKey('a.b@outlook.com')).not.toBe(emailKey('ab@outlook.com'));
    expect(emailKey('ab@gmail.com')).not.toBe(emailKey('ab@gmail.co'));
  });
});

describe('nuqat_email_key() in the database', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createDatabase({ databaseUrl: process.env.DATABASE_URL, poolSize: 1 });
    await database.migrate();
  }, 60_000);
  afterAll(() => database.close());

  test('agrees with emailKey() on every case', async () => {
    for (const [input] of CASES) {
      const result = (await database.db.execute(
        sql`select nuqat_email_key(${input}) as key`,
      )) as unknown as { rows: [{ key: string }] };
      expect(result.rows[0].key, input).toBe(emailKey(input));
    }
    const nothing = (await database.db.execute(
      sql`select nuqat_email_key(null) as key`,
    )) as unknown as { rows: [{ key: string | null }] };
    expect(nothing.rows[0].key).toBeNull();
  });
});
