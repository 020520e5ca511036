import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One row per Salla store. `id` is the Salla store id, the tenant key of every other table. */
export const merchants = pgTable(
  'merchants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    storeName: text('store_name').notNull(),
    storeUrl: text('store_url'),
    /** Lower-cased; null until Salla tells us the owner's e-mail. */
    email: text('email'),
    /** argon2id; null until the owner sets a password through the reset-code flow. */
    passwordHash: text('password_hash'),
    plan: text('plan', { enum: ['starter', 'growth'] }),
    subscriptionStatus: text('subscription_status', {
      enum: ['active', 'trial', 'inactive', 'expired', 'suspended'],
    })
      .notNull()
      .default('inactive'),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    installStatus: text('install_status', { enum: ['installed', 'uninstalled'] })
      .notNull()
      .default('installed'),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
    /** Salla OAuth tokens, AES-256-GCM sealed (lib/crypto.ts). */
    sallaAccessToken: text('salla_access_token'),
    sallaRefreshToken: text('salla_refresh_token'),
    sallaTokenExpiresAt: timestamp('salla_token_expires_at', { withTimezone: true }),
    sallaScope: text('salla_scope'),
    /** Set when Salla refused our refresh token: only a reinstall recovers the store. */
    needsReinstall: boolean('needs_reinstall').notNull().default(false),
    sallaPlanName: text('salla_plan_name'),
    subscriptionStartedAt: timestamp('subscription_started_at', { withTimezone: true }),
    /** Event time of the newest subscription event applied (older ones arriving late lose). */
    subscriptionEventAt: timestamp('subscription_event_at', { withTimezone: true }),
    /** The whole programme's switch: off pauses earning and redeeming (shoppers are told). */
    programmeEnabled: boolean('programme_enabled').notNull().default(true),
    /** Points expire this many days after they are earned; null = never. */
    pointsExpiryDays: integer('points_expiry_days'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('merchants_email_key')
      .on(t.email)
      .where(sql`${t.email} is not null`),
    check('merchants_email_lowercase', sql`${t.email} = lower(${t.email})`),
    check(
      'merchants_points_expiry_days_range',
      sql`${t.pointsExpiryDays} is null or ${t.pointsExpiryDays} between 1 and 3650`,
    ),
    check('merchants_plan_known', sql`${t.plan} in ('starter', 'growth')`),
    check(
      'merchants_subscription_status_known',
      sql`${t.subscriptionStatus} in ('active', 'trial', 'inactive', 'expired', 'suspended')`,
    ),
  ],
);
