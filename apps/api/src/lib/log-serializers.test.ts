import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { redactUrl } from './redact-url.ts';

// Issue 10: a failed statement's values (Drizzle's `params`, the driver's `detail`) never reach
// the logs, on the error or on its cause.
const lines: string[] = [];
let ctx: TestContext;
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  ctx = await createTestContext({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(async () => {
  await ctx?.close();
});

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement was expected to fail');
}

describe('database errors in the logs', () => {
  test('a failed query is logged without its parameters, in the message, stack or cause', async () => {
    const secret = `$argon2id$v=19$secret-${randomUUID()}`;
    const error = await failure(() =>
      ctx.database.db.execute(sql`select ${secret}::text as x from no_such_table_for_log_test`),
    );
    // The error itself carries the value (this is what used to be logged).
    expect(
      JSON.stringify({ m: (error as Error).message, p: (error as { params?: unknown }).params }),
    ).toContain(secret);

    ctx.app.context.log.error({ err: error }, 'scheduled job failed');
    ctx.app.context.log.warn({ err: new Error('wrapped', { cause: error }) }, 'wrapped failure');
    const logged = lines.join('');
    expect(logged).toContain('scheduled job failed');
    expect(logged).toContain('no_such_table_for_log_test'); // the query text stays, for debugging
    expect(logged).toContain('wrapped failure');
    expect(logged).toContain('log-serializers.test.ts'); // stack frames kept
    expect(logged).not.toContain(secret);
  });

  test("a unique violation is logged without the driver's detail (the duplicated value)", async () => {
    const email = `shopper-${randomUUID()}@example.com`;
    const error = await failure(() =>
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`create temp table log_test_unique (email text unique) on commit drop`);
        await tx.execute(sql`insert into log_test_unique values (${email})`);
        await tx.execute(sql`insert into log_test_unique values (${email})`);
      }),
    );
    ctx.app.context.log.error({ err: error }, 'unique violation logged');
    const logged = lines.join('');
    expect(logged).toContain('unique violation logged');
    expect(logged).toContain('23505');
    expect(logged).not.toContain(email);
  });
});

// Issue 22: access logs carried e-mails and unsubscribe tokens in request addresses.
describe('request addresses in the logs', () => {
  test('tokens, codes and e-mails in the query are blanked, other parameters kept', () => {
    expect(redactUrl('/api/notifications/unsubscribe?token=12.34.abcdef0123')).toBe(
      '/api/notifications/unsubscribe?token=[redacted]',
    );
    expect(redactUrl('/x?email=sara%40example.com&page=2&merchantId=9')).toBe(
      '/x?email=[redacted]&page=2&merchantId=9',
    );
    expect(redactUrl('/x?q=sara@example.com&code=123456&resetToken=a&sort=asc')).toBe(
      '/x?q=[redacted]&code=[redacted]&resetToken=[redacted]&sort=asc',
    );
    expect(redactUrl('/x?sara%40example.com&flag')).toBe('/x?[redacted]&flag');
    expect(redactUrl('/api/people/sara@example.com/orders?x=1')).toBe(
      '/api/people/[redacted]/orders?x=1',
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
    expect(redactUrl('/x?email=%E0%A4%A')).toBe('/x?email=[redacted]');
  });

  test("the app's access log lines carry neither the unsubscribe token nor the e-mail", async () => {
    const token = `12.34.${randomUUID().replaceAll('-', '')}`;
    const email = `shopper-${randomUUID().slice(0, 8)}@example.com`;
    const from = lines.length;
    await ctx.server.inject({
      method: 'GET',
      url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { accept: 'application/json' },
    });
    await ctx.server.inject({
      method: 'GET',
      url: `/api/missing?email=${encodeURIComponent(email)}&page=2`,
    });
    const logged = lines.slice(from).join('');
    expect(logged).toContain('/api/notifications/unsubscribe?token=[redacted]');
    expect(logged).toContain('/api/missing?email=[redacted]&page=2');
    expect(logged).not.toContain(token.slice(6));
    expect(logged).not.toContain(email);
    expect(logged).not.toContain(encodeURIComponent(email));
  });
});
