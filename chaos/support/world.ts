import { randomBytes } from 'node:crypto';
import pg from 'pg';
import {
  signWebhook,
  startSallaSandbox,
  webhooks,
  type Envelope,
  type SallaSandbox,
} from '@nuqat/salla-sandbox';
import { startApi, WEBHOOK_SECRET, type Api } from './api.ts';
import { startMailSink, type MailSink } from './mail.ts';
import { startPrivatePostgres, type PrivatePostgres } from './postgres.ts';
import { startFaultProxy, type FaultProxy } from './proxy.ts';

/**
 * One chaos scenario's world: a PostgreSQL cluster of its own, a fresh database on it, the Salla
 * sandbox, a mail sink and the built API booted on them.
 */
export interface World {
  postgres: PrivatePostgres;
  databaseUrl: string;
  /** The suite's own connection to the API's database, for the checks. */
  db: pg.Pool;
  sandbox: SallaSandbox;
  mail: MailSink;
  api: Api;
  /** With `sallaProxy`: the API reaches the sandbox through it (refused and cut connections). */
  proxy: FaultProxy | undefined;
  close(): Promise<void>;
}

export async function createWorld(
  options: { poolMax?: number; sallaProxy?: boolean } = {},
): Promise<World> {
  const postgres = await startPrivatePostgres();
  const databaseUrl = await postgres.createDatabase(
    `nuqat_chaos_${randomBytes(3).toString('hex')}`,
  );
  const sandbox = await startSallaSandbox({ port: 0 });
  const mail = await startMailSink();
  const proxy = options.sallaProxy ? await startFaultProxy(sandbox.url) : undefined;
  const salla = proxy
    ? {
        apiBase: `${proxy.url}/admin/v2`,
        authBase: proxy.url,
        storefrontApiBase: `${proxy.url}/store/v1`,
        exchangeBase: proxy.url,
        appId: sandbox.appId,
      }
    : sandbox;
  let api: Api;
  try {
    api = await startApi({
      databaseUrl,
      sandbox: salla,
      smtpUrl: mail.url,
      poolMax: options.poolMax,
    });
  } catch (error) {
    await proxy?.close();
    await sandbox.close();
    await mail.close();
    postgres.destroy();
    throw error;
  }
  const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  // The suite's own idle connections die when the tests restart PostgreSQL.
  db.on('error', () => {});
  return {
    postgres,
    databaseUrl,
    db,
    sandbox,
    mail,
    api,
    proxy,
    async close() {
      await api.stop();
      await db.end().catch(() => {});
      await proxy?.close();
      await sandbox.close();
      await mail.close();
      postgres.destroy();
    },
  };
}

export interface Answer {
  status: number;
  body: unknown;
  /** The request never got an HTTP answer (connection refused or reset). */
  networkError?: string;
}

async function answerOf(res: Response): Promise<Answer> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep the text */
  }
  return { status: res.status, body };
}

/** A request that reports a lost connection as an answer with status 0, never throws. */
export async function call(
  world: World,
  route: string,
  init: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  try {
    const res = await fetch(`${world.api.baseUrl}${route}`, {
      method: init.method ?? 'GET',
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
    });
    return await answerOf(res);
  } catch (error) {
    return { status: 0, body: null, networkError: (error as Error).message };
  }
}

export interface Signed {
  body: string;
  headers: Record<string, string>;
}

export const sign = (envelope: Envelope | Record<string, unknown>): Signed =>
  signWebhook(envelope, WEBHOOK_SECRET);

/** POST /api/salla/webhooks with the exact bytes signed, as Salla sends them. */
export function deliver(world: World, signed: Signed): Promise<Answer> {
  return call(world, '/api/salla/webhooks', {
    method: 'POST',
    body: signed.body,
    headers: signed.headers,
  });
}

export const outcomeOf = (answer: Answer): string | undefined =>
  (answer.body as { data?: { outcome?: string } } | null)?.data?.outcome;

export const errorCodeOf = (answer: Answer): string | undefined =>
  (answer.body as { code?: string } | null)?.code;

async function deliverOk(world: World, envelope: Envelope) {
  const answer = await deliver(world, sign(envelope));
  if (answer.status !== 200)
    throw new Error(`${envelope.event} → ${answer.status} ${JSON.stringify(answer.body)}`);
}

async function json(
  world: World,
  route: string,
  body: unknown,
  options: { token?: string; ip: string; method?: string },
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-forwarded-for': options.ip,
  };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const answer = await call(world, route, {
    method: options.method ?? 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${route} → ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as Record<string, unknown>;
}

let addressCounter = 0;
/** An address of its own for each sign-in, so the per-address limits never get in the way. */
export function nextIp(): string {
  addressCounter += 1;
  return `10.77.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface Store {
  merchantId: number;
  /** The owner's bearer token for the merchant API. */
  token: string;
  shoppers: Shopper[];
}

export interface Shopper {
  merchantId: number;
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Installs a store as Salla does (app.store.authorize, then a Growth subscription), lets the
 * owner set a password with the mailed code and log in, and saves an order rule of
 * `orderPoints` points per completed order.
 */
export async function installStore(
  world: World,
  merchantId: number,
  options: { orderPoints: number },
): Promise<Store> {
  const ownerEmail = `owner-${merchantId}@example.com`;
  const tokens = world.sandbox.registerStore({
    merchantId,
    ownerEmail,
    name: `متجر ${merchantId}`,
  });
  const mailsBefore = world.mail.count();
  await deliverOk(world, webhooks.storeAuthorize(merchantId, tokens));
  const now = Date.now();
  await deliverOk(
    world,
    webhooks.subscription('app.subscription.started', merchantId, {
      name: 'Growth',
      price: 299,
      start: new Date(now - 86_400_000),
      end: new Date(now + 30 * 86_400_000),
    }),
  );
  const code = await world.mail.waitForCode(ownerEmail, mailsBefore);
  const ip = nextIp();
  const auth = '/api/merchants/auth';
  await json(world, `${auth}/verify-reset-code`, { email: ownerEmail, code }, { ip });
  const password = `chaos-password-${merchantId}`;
  await json(
    world,
    `${auth}/reset-password`,
    { email: ownerEmail, code, newPassword: password },
    { ip },
  );
  const login = await json(world, `${auth}/login`, { email: ownerEmail, password }, { ip });
  const token = (login.data as { token: string }).token;
  await json(
    world,
    '/api/loyalty',
    { event: 'order.created', points: options.orderPoints },
    { token, ip },
  );
  return { merchantId, token, shoppers: [] };
}

/** A reward of the store (fixed discount), created by the owner on the merchant API. */
export async function createReward(
  world: World,
  store: Store,
  pointsRequired: number,
): Promise<string> {
  const answer = await json(
    world,
    '/api/rewards',
    { name: `خصم ${pointsRequired}`, type: 'fixed_discount', pointsRequired, value: 10 },
    { token: store.token, ip: nextIp() },
  );
  return (answer.data as { id: string }).id;
}

let nextOrderId = 7_000_000;
export const newOrderId = () => ++nextOrderId;

/** `count` shoppers (customer.created), each with `orders` completed orders of points. */
export async function addShoppers(
  world: World,
  store: Store,
  count: number,
  orders: number,
): Promise<void> {
  const first = store.shoppers.length;
  const added = Array.from({ length: count }, (_, n): Shopper => {
    const id = store.merchantId * 1000 + first + n + 1;
    return {
      merchantId: store.merchantId,
      id,
      email: `shopper-${id}@example.com`,
      firstName: 'متسوق',
      lastName: String(id),
    };
  });
  // Four shoppers at a time; each one's orders after its customer.created.
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(4, count) }, async () => {
      while (next < added.length) {
        const shopper = added[next++]!;
        await deliverOk(world, webhooks.customerCreated(store.merchantId, shopper));
        for (let o = 0; o < orders; o++) {
          await deliverOk(
            world,
            webhooks.orderCreated(store.merchantId, {
              id: newOrderId(),
              customer: shopper,
              total: 200,
              status: 'completed',
            }),
          );
        }
      }
    }),
  );
  store.shoppers.push(...added);
}

/** Every shopper's code login at once → their bearer tokens by customer id. */
export async function signInShoppers(
  world: World,
  shoppers: Shopper[],
): Promise<Map<number, string>> {
  const tokens = await Promise.all(shoppers.map((s) => signInShopper(world, s)));
  return new Map(shoppers.map((s, i) => [s.id, tokens[i]!]));
}

/** The shopper's code login: request-code, the mailed code, verify-code → bearer token. */
export async function signInShopper(world: World, shopper: Shopper): Promise<string> {
  const ip = nextIp();
  const before = world.mail.count();
  await json(
    world,
    '/api/customers/auth/request-code',
    { merchantId: String(shopper.merchantId), email: shopper.email },
    { ip },
  );
  const code = await world.mail.waitForCode(shopper.email, before);
  const session = await json(
    world,
    '/api/customers/auth/verify-code',
    { merchantId: String(shopper.merchantId), email: shopper.email, code },
    { ip },
  );
  return (session.data as { token: string }).token;
}

/** Runs `work` on `workers` concurrent loops until `until()` says stop. */
export async function load(
  workers: number,
  until: () => boolean,
  work: (worker: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (!until()) await work(worker);
    }),
  );
}
