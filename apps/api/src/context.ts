import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client.ts';
import type { Config } from './env.ts';
import type { EventBus } from './lib/events.ts';
import type { Mailer } from './lib/mailer.ts';
import type { SmsSender } from './lib/sms.ts';

/** What services need from the outside world, built once in buildApp. */
export interface AppContext {
  db: Database;
  config: Config;
  mailer: Mailer;
  /** Texts to shoppers' mobiles; `available` false when no provider is configured. */
  sms: SmsSender;
  log: FastifyBaseLogger;
  /** What happened, told in-process after the commit (lib/events.ts). */
  events: EventBus;
  /** The service clock; tests move it to check expiry. */
  now: () => Date;
}
