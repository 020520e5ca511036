import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { deriveKeys, type AppKeys } from './lib/keys.ts';

/** The only reader of process.env (architecture §2). Parsed once; a bad value stops start-up. */

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const hexOrBase64Key = z.string().transform((value, ctx) => {
  const buf = /^[0-9a-fA-F]{64}$/.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value, 'base64');
  if (buf.length !== 32) {
    ctx.addIssue({ code: 'custom', message: 'must be 32 bytes, as 64 hex characters or base64' });
    return z.NEVER;
  }
  return buf;
});

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections in the PostgreSQL pool of this instance (the engine holds one per webhook). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(500).default(20),
  /** The one-statement path for the first event of an order; off runs every event the general way. */
  ENGINE_FAST_PATH: booleanFlag.default(true),
  DATA_DIR: z.string().min(1).default('./.data'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ENCRYPTION_KEY: hexOrBase64Key.optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SALLA_CLIENT_ID: z.string().min(1).optional(),
  SALLA_CLIENT_SECRET: z.string().min(1).optional(),
  SALLA_WEBHOOK_SECRET: z.string().min(1).optional(),
  SALLA_API_BASE: z.url().default('https://api.salla.dev/admin/v2'),
  SALLA_AUTH_BASE: z.url().default('https://accounts.salla.sa'),
  SALLA_STOREFRONT_API_BASE: z.url().default('https://api.salla.dev/store/v1'),
  /** The app's id in the Partners Portal: the `S-Source` of token introspection (reference §5). */
  SALLA_APP_ID: z.string().trim().min(1).max(100).optional(),
  /** Where Salla's exchange authority answers `POST /exchange-authority/v1/introspect`. */
  SALLA_EXCHANGE_API_BASE: z.url().default('https://api.salla.dev'),
  /**
   * The merchant dashboard that frames the embedded page (`/embedded`): its CSP frame-ancestors.
   * An origin only (scheme, host, port); the sandbox's stand-in dashboard in development.
   */
  SALLA_DASHBOARD_ORIGIN: z
    .url({ protocol: /^https?$/ })
    .default('https://s.salla.sa')
    .refine((value) => URL.parse(value)?.origin === value.replace(/\/$/, '').toLowerCase(), {
      message: 'must be an origin (scheme, host and port) without a path, e.g. https://s.salla.sa',
    }),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Nuqat نقاط <no-reply@nuqat.sa>'),
  /** Unifonic's REST API for SMS codes and notifications: all set, or none (docs/decisions/032). */
  UNIFONIC_APP_SID: z.string().min(1).optional(),
  UNIFONIC_SENDER_ID: z.string().min(1).max(11).optional(),
  UNIFONIC_API_BASE: z.url({ protocol: /^https?$/ }).optional(),
  DEMO: booleanFlag.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How merchants reach support; each is shown only when set (GET /api/support). */
  SUPPORT_EMAIL: z.email().optional(),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+?[0-9][0-9 ()-]{5,30}$/, 'must be a phone number, e.g. +966 11 234 5678')
    .optional(),
  SUPPORT_WHATSAPP: z
    .string()
    .transform((v) => v.replace(/[\s()+-]/g, ''))
    .pipe(z.string().regex(/^[0-9]{8,15}$/, 'must be a number with its country code'))
    .optional(),
  /**
   * The operator's legal details on /privacy and /terms (docs/decisions/044); each is shown only
   * when set. The commercial registration is the Saudi CR's 10 digits.
   */
  OPERATOR_NAME: z.string().trim().min(2).max(200).optional(),
  OPERATOR_CR_NUMBER: z
    .string()
    .trim()
    .regex(/^[0-9]{10}$/, 'must be the 10 digits of a commercial registration')
    .optional(),
  OPERATOR_ADDRESS: z.string().trim().min(5).max(300).optional(),
  OPERATOR_EMAIL: z.email().optional(),
  /** The app's listing on the Salla App Store (default: the store's front page). */
  SALLA_APP_URL: z.url({ protocol: /^https$/ }).optional(),
  /** `pretty`: lines for a terminal; `json`: pino's JSON lines. Default: json in production. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  /**
   * Which proxies may name the client in X-Forwarded-For: `0` none, `N` the last N hops
   * (`1` = one load balancer), or trusted addresses/CIDR ranges (`10.0.0.0/8,192.0.2.7`).
   */
  TRUST_PROXY: z
    .string()
    .default('0')
    .transform((value, ctx): false | number | string[] => {
      const v = value.trim().toLowerCase();
      if (v === '0' || v === 'false' || v === 'no') return false;
      if (v === 'true' || v === 'yes') return 1;
      if (/^\d+$/.test(v)) return Math.min(Number(v), 32);
      const entries = v.split(',').map((e) => e.trim());
      const address = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);
      const bad = entries.filter((e) => !address.safeParse(e).success);
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be 0, a hop count or addresses/CIDR ranges (bad: ${bad.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Test only: outbound webhooks may go to a receiver on loopback (http or https). Off by
   * default; refused when NODE_ENV=production (docs/decisions/039).
   */
  OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK: booleanFlag.default(false),
});

export interface Config {
  nodeEnv: 'development' | 'test' | 'production';
  host: string;
  port: number;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  engineFastPath: boolean;
  dataDir: string;
  /** The configured secrets as given: CSRF tokens and, through `keys.*.legacy`, older values. */
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
  /** One key per purpose, derived from the two secrets above (decision 026). */
  keys: AppKeys;
  publicUrl: string;
  salla: {
    clientId: string | undefined;
    clientSecret: string | undefined;
    webhookSecret: string | undefined;
    apiBase: string;
    authBase: string;
    storefrontApiBase: string;
    /** Unset: opening Nuqat from the Salla dashboard is refused (EMBEDDED_NOT_CONFIGURED). */
    appId: string | undefined;
    exchangeApiBase: string;
    /** The only origin allowed to frame `/embedded`. */
    dashboardOrigin: string;
  };
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unifonic when configured; null: SMS only to DATA_DIR/sms with the demo, else no SMS. */
  unifonic: { appSid: string; senderId: string; apiBase: string } | null;
  demo: boolean;
  logLevel: string;
  logFormat: 'pretty' | 'json';
  support: {
    email: string | null;
    phone: string | null;
    whatsapp: string | null;
    appStoreUrl: string;
    /** The read-only demo is open (DEMO=1). */
    demo: boolean;
    /** Who runs this deployment (OPERATOR_*); null when unset. */
    operator: {
      name: string | null;
      crNumber: string | null;
      address: string | null;
      email: string | null;
    };
  };
  /** Fastify's trustProxy: off, a hop count, or trusted addresses/CIDR ranges. */
  trustProxy: false | number | string[];
  webDistDir: string;
  /** Outbound webhooks (docs/decisions/039): a loopback receiver allowed, for tests only. */
  outboundWebhooks: { allowLoopback: boolean };
}

/**
 * TRUST_PROXY as Fastify's trustProxy. A hop count becomes a function of the hop index
 * (0 = the socket peer), because Fastify takes a bare number to mean "trust nothing".
 */
export function trustedProxies(
  setting: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// src/env.ts and dist/server.js both sit one level below apps/api, so this resolves in both.
const defaultWebDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

/** Reads the dev secrets file in DATA_DIR, creating it once with fresh random values. */
function devSecrets(dataDir: string): { jwtSecret: string; encryptionKey: string } {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as { jwtSecret: string; encryptionKey: string };
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

/** Shoppers and merchants reach production over TLS; plain http only on this machine. */
function isHttpsOrLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'https:') return true;
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, as a shell `VAR=` usually means.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);

  if (env.NODE_ENV === 'production') {
    const problems = (['JWT_SECRET', 'ENCRYPTION_KEY', 'SMTP_URL'] as const)
      .filter((k) => !env[k])
      .map((k) => `${k}: is required when NODE_ENV=production`);
    if (env.DEMO) problems.push('DEMO: the demo store cannot run when NODE_ENV=production');
    if (env.PUBLIC_URL && !isHttpsOrLoopback(env.PUBLIC_URL)) {
      problems.push(
        'PUBLIC_URL: must be https:// when NODE_ENV=production (http only on loopback)',
      );
    }
    if (!isHttpsOrLoopback(env.SALLA_DASHBOARD_ORIGIN)) {
      problems.push(
        'SALLA_DASHBOARD_ORIGIN: must be https:// when NODE_ENV=production (http only on loopback)',
      );
    }
    if (env.OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK) {
      problems.push(
        'OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK: a test-only setting, refused when NODE_ENV=production',
      );
    }
    if (problems.length > 0) throw new ConfigError(problems);
  }
  const unifonicSet = [env.UNIFONIC_APP_SID, env.UNIFONIC_SENDER_ID, env.UNIFONIC_API_BASE];
  if (unifonicSet.some(Boolean) && !(env.UNIFONIC_APP_SID && env.UNIFONIC_SENDER_ID)) {
    throw new ConfigError([
      'UNIFONIC_APP_SID, UNIFONIC_SENDER_ID: set both (and UNIFONIC_API_BASE if not the default) or none',
    ]);
  }
  const generated = !env.JWT_SECRET || !env.ENCRYPTION_KEY ? devSecrets(dataDir) : undefined;
  const jwtSecret = new TextEncoder().encode(env.JWT_SECRET ?? generated!.jwtSecret);
  const encryptionKey = env.ENCRYPTION_KEY ?? Buffer.from(generated!.encryptionKey, 'hex');

  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    engineFastPath: env.ENGINE_FAST_PATH,
    dataDir,
    jwtSecret,
    encryptionKey,
    keys: deriveKeys({ jwtSecret, encryptionKey }),
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    salla: {
      clientId: env.SALLA_CLIENT_ID,
      clientSecret: env.SALLA_CLIENT_SECRET,
      webhookSecret: env.SALLA_WEBHOOK_SECRET,
      apiBase: env.SALLA_API_BASE.replace(/\/$/, ''),
      authBase: env.SALLA_AUTH_BASE.replace(/\/$/, ''),
      storefrontApiBase: env.SALLA_STOREFRONT_API_BASE.replace(/\/$/, ''),
      appId: env.SALLA_APP_ID,
      exchangeApiBase: env.SALLA_EXCHANGE_API_BASE.replace(/\/$/, ''),
      dashboardOrigin: new URL(env.SALLA_DASHBOARD_ORIGIN).origin,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    unifonic:
      env.UNIFONIC_APP_SID && env.UNIFONIC_SENDER_ID
        ? {
            appSid: env.UNIFONIC_APP_SID,
            senderId: env.UNIFONIC_SENDER_ID,
            apiBase: (env.UNIFONIC_API_BASE ?? 'https://el.cloud.unifonic.com').replace(/\/$/, ''),
          }
        : null,
    demo: env.DEMO,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'production' ? 'json' : 'pretty'),
    support: {
      email: env.SUPPORT_EMAIL ?? null,
      phone: env.SUPPORT_PHONE ?? null,
      whatsapp: env.SUPPORT_WHATSAPP ?? null,
      appStoreUrl: env.SALLA_APP_URL ?? 'https://apps.salla.sa',
      demo: env.DEMO,
      operator: {
        name: env.OPERATOR_NAME ?? null,
        crNumber: env.OPERATOR_CR_NUMBER ?? null,
        address: env.OPERATOR_ADDRESS ?? null,
        email: env.OPERATOR_EMAIL ?? null,
      },
    },
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDist,
    outboundWebhooks: { allowLoopback: env.OUTBOUND_WEBHOOKS_ALLOW_LOOPBACK },
  };
}
