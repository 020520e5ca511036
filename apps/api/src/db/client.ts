import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Schema,
  ExtractTablesWithRelations<Schema>
>;
/** Repositories take either the database or a transaction, so callers decide the boundary. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// src/db/client.ts → src/db/migrations; in the bundle, dist/server.js → dist/migrations (copied).
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant: the advisory-lock key that serialises migrations across instances. */
const MIGRATION_LOCK_KEY = 7_243_001;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `undefined` with no URL means an in-memory database (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
  /** Shown in pg_stat_activity (default `nuqat`). */
  applicationName?: string;
  /**
   * An idle pooled connection that the server or the network ended. The pool drops it and opens
   * another when needed; without a listener the pool's `error` event would end the process.
   */
  onIdleConnectionError?: (error: Error) => void;
}

/** Per-connection limits, so a stuck query or an abandoned transaction never holds locks for long. */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: 10_000,
  statement_timeout: 30_000,
  /** A statement waiting this long for a row lock gives up (and is retried by its sender). */
  lock_timeout: 10_000,
  idle_in_transaction_session_timeout: 60_000,
} as const;

export async function createDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'nuqat',
      ...POSTGRES_TIMEOUTS,
    });
    pool.on(
      'error',
      options.onIdleConnectionError ??
        ((error) => console.error(`database: idle connection lost (${error.message})`)),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        const client = await pool.connect();
        try {
          // A migration may rewrite a large table: no statement time limit for it.
          await client.query('set statement_timeout = 0');
          await client.query('set lock_timeout = 0');
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          await client.query('reset statement_timeout').catch(() => {});
          await client.query('reset lock_timeout').catch(() => {});
          client.release();
        }
      },
      async ping() {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }

  if (options.pgliteDir) mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // The customers search index (migration 0009) needs these two contrib extensions.
  const extensions = { pg_trgm, btree_gin };
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir, { extensions })
    : new PGlite({ extensions });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** The rows of a `db.execute` result (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A PostgreSQL text[] literal (every element quoted), for `${…}::text[]` parameters. */
export function pgTextArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (m) => `\\${m}`)}"`).join(',')}}`;
}
