import { sql } from 'drizzle-orm';
import type { SocialLinks, WidgetSettings } from '@nuqat/contracts';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLAN_IDS, SUBSCRIPTION_STATUSES } from '@nuqat/contracts';

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
    plan: text('plan', { enum: PLAN_IDS }),
    subscriptionStatus: text('subscription_status', { enum: SUBSCRIPTION_STATUSES })
      .notNull()
      .default('inactive'),
    subscriptionExpiresAt: timestamp('subscription_expires_at', { withTimezone: true }),
    installStatus: text('install_status', { enum: ['installed', 'uninstalled'] })
      .notNull()
      .default('installed'),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
    /**
     * Event time of the newest install lifecycle event applied (app.store.authorize,
     * app.installed, app.uninstalled): an older one arriving late or retried changes nothing.
     */
    lifecycleEventAt: timestamp('lifecycle_event_at', { withTimezone: true }),
    /** Event time of the app.store.authorize whose tokens the store holds (older ones lose). */
    sallaAuthorizedAt: timestamp('salla_authorized_at', { withTimezone: true }),
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
    /** Order statuses (Salla slugs) at which an order's points become spendable. */
    pointsSpendableOn: text('points_spendable_on')
      .array()
      .notNull()
      .default(sql`'{completed,delivered}'::text[]`),
    /** Days after reaching such a status before the points are spendable (the returns window). */
    pointsHoldDays: integer('points_hold_days').notNull().default(0),
    /**
     * When an order's points are taken back after they were spent: off (the default) withdraws
     * the shopper's unused coupons and records what is still uncovered as a debt later points
     * repay; on writes it off, recorded as forgiven (docs/decisions/027).
     */
    forgiveSpentClawbacks: boolean('forgive_spent_clawbacks').notNull().default(false),
    /**
     * Bumped by a trigger whenever anything the engine reads from this row or the store's rules
     * changes, so an in-memory copy knows it is stale (migration 0004).
     */
    configVersion: integer('config_version').notNull().default(0),
    /** The install's owner profile (user info) still to fetch: the next try, and tries so far. */
    profileFetchNextAt: timestamp('profile_fetch_next_at', { withTimezone: true }),
    profileFetchAttempts: integer('profile_fetch_attempts').notNull().default(0),
    /** The storefront widget's look and earn badges (decision 034); null = the defaults. */
    widget: jsonb('widget').$type<WidgetSettings>(),
    /** The store's profiles on social networks (/settings, docs/decisions/052); null = none. */
    socialLinks: jsonb('social_links').$type<SocialLinks>(),
    /**
     * When the widget last reached the store page (Salla's public app setting); null while a
     * save is still to be published there (retried by the next save or the Salla jobs).
     */
    widgetPublishedAt: timestamp('widget_published_at', { withTimezone: true }),
    /** From Salla's store info: the store's logo (`avatar`) and contact e-mail. */
    storeLogoUrl: text('store_logo_url'),
    storeContactEmail: text('store_contact_email'),
    /** The language the owner reads Nuqat in (recorded at each sign-in); the owner's mails use it. */
    language: text('language', { enum: ['ar', 'en'] })
      .notNull()
      .default('ar'),
    /** The monthly report e-mail (Growth plan, docs/decisions/050); on unless switched off. */
    monthlyReportEmail: boolean('monthly_report_email').notNull().default(true),
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
    check('merchants_points_hold_days_range', sql`${t.pointsHoldDays} between 0 and 365`),
    check('merchants_language_known', sql`${t.language} in ('ar', 'en')`),
    check('merchants_plan_known', sql`${t.plan} in ('starter', 'growth')`),
    check(
      'merchants_subscription_status_known',
      sql`${t.subscriptionStatus} in ('active', 'trial', 'inactive', 'expired', 'suspended')`,
    ),
  ],
);
