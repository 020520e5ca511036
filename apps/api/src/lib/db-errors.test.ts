import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { loadConfig } from '../env.ts';
import { isDatabaseUnavailable } from './db-errors.ts';

/** Drizzle wraps the driver's error in `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable', () => {
  test('an outage or a restart of PostgreSQL is "unavailable"', () => {
    for (const error of [
      wrapped({ code: '57P01', message: 'terminating connection due to administrator command' }),
      wrapped({ code: '57P03', message: 'the database system is starting up' }),
      wrapped({ code: '08006', message: 'connection failure' }),
      wrapped(new Error('Connection terminated unexpectedly')),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })]),
      new Error('timeout exceeded when trying to connect'),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
    }
  });

  test('a bad statement, a constraint or a bug is not', () => {
    for (const error of [
      wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' }),
      wrapped({ code: '42P01', message: 'relation "nope" does not exist' }),
      wrapped({ code: '57014', message: 'canceling statement due to statement timeout' }),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      new Error('PGlite is closed'),
      undefined,
      'text',
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    }
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = srv.address() as AddressInfo;
        srv.close(() => resolve(port));
      });
  });
}

test('a database that cannot be reached answers 503 SERVICE_UNAVAILABLE with Retry-After, not 500', async () => {
  // PostgreSQL down: nothing listens on the port, every connection is refused.
  const databaseUrl = `postgres://postgres@127.0.0.1:${await closedPort()}/nuqat`;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'nuqat-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    ENCRYPTION_KEY: '0'.repeat(64),
    DATABASE_URL: databaseUrl,
    SALLA_WEBHOOK_SECRET: 'db-errors-test-secret',
    LOG_LEVEL: 'silent',
  });
  const database = await createDatabase({ databaseUrl, poolSize: 2 });
  const app = await buildApp({ config, database, logger: false, serveWeb: false });
  try {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      payload: { email: 'owner@example.com', password: 'secret-password' },
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE', retryAfter: 5 });
    expect(Object.keys(body).sort()).toEqual([
      'code',
      'message',
      'requestId',
      'retryAfter',
      'success',
    ]);
    expect(JSON.stringify(body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|postgres|stack/i);
    const ready = await app.server.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
  } finally {
    await app.server.close();
    app.context.mailer.close();
    await database.close();
  }
});
