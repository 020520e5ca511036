import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Executor } from './client.ts';

/**
 * One statement on the hottest paths, without the query builder: on PostgreSQL a named prepared
 * statement (parsed and planned once per connection), on PGlite a plain parameterised query.
 * Only for the database itself, never inside a transaction (it takes its own pooled connection).
 */
export async function preparedQuery<Row>(
  db: Executor,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name, text, values });
    return result.rows as Row[];
  }
  if (client && typeof (client as PGlite).query === 'function') {
    const result = await (client as PGlite).query<Row>(text, values);
    return result.rows;
  }
  throw new Error('preparedQuery: the database has no pg pool or PGlite client');
}
