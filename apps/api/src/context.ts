import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { Mailer } from './lib/mailer.ts';

/** What services need from the outside world, built once in buildApp. */
export interface AppContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The service clock; tests move it to check expiry. */
  now: () => Date;
}
