import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { jobRuns, merchants, webhookEvents } from '../../db/schema/index.ts';
import { openForStore } from '../../lib/crypto.ts';
import { riyadhToday } from '../engine/index.ts';
import { PURGE_RUN_STALE_MS } from './store-purge.ts';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliver,
  deliverOk,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { STALE_LIFECYCLE } from './app-events.ts';

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const rowOf = async (merchantId: number) =>
  (await ctx.database.db.select().from(merchants).where(eq(merchants.id, merchantId)))[0];
const eventsOf = (merchantId: number) =>
  ctx.database.db
    .select()
    .from(webhookEvents)
    .where(eq(webhookEvents.merchantId, merchantId))
    .orderBy(webhookEvents.id);
/** Moves every event stored for the store `days` into the past, as if received then. */
const receivedDaysAgo = (merchantId: number, days: number) =>
  ctx.database.db
    .update(webhookEvents)
    .set({ receivedAt: sql`${webhookEvents.receivedAt} - make_interval(days => ${days})` })
    .where(eq(webhookEvents.merchantId, merchantId));
/** A store with a signup rule and one customer who earned 10 points. */
async function storeWithCustomer(at: Date) {
  const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
  await deliverOk(ctx, webhooks.customerCreated(merchantId, customerFacts(), at));
  return merchantId;
}

describe('install lifecycle events in the order Salla made them', () => {
  test('a late app.uninstalled after a reinstall is recorded and ignored: the store stays installed and events still apply', async () => {
    const t = Date.now();
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
    expect(await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t + 1000)))).toBe(
      'processed',
    );
    expect(await deliverOk(ctx, webhooks.appInstalled(merchantId, new Date(t + 3000)))).toBe(
      'processed',
    );
    // An uninstall made between the two (a delivery Salla retried) arrives last.
    expect(await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t + 2000)))).toBe(
      'ignored',
    );
    expect(await rowOf(merchantId)).toMatchObject({
      installStatus: 'installed',
      uninstalledAt: null,
      lifecycleEventAt: new Date(Math.floor((t + 3000) / 1000) * 1000),
    });
    const late = (await eventsOf(merchantId)).at(-1)!;
    expect(late).toMatchObject({ event: 'app.uninstalled', outcome: 'ignored' });
    expect(late.note).toBe(STALE_LIFECYCLE);

    const c = customerFacts();
    expect(await deliverOk(ctx, webhooks.customerCreated(merchantId, c, new Date(t + 4000)))).toBe(
      'processed',
    );
    expect(await balanceOf(ctx, merchantId, c.id)).toBe(10);
  });

  test('a reinstall by app.store.authorize is not undone by a late uninstall; its tokens stay', async () => {
    const t = Date.now();
    const merchantId = randomId();
    const first = ctx.sandbox.registerStore({ merchantId });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, first, new Date(t)));
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t + 1000)));
    const second = ctx.sandbox.registerStore({ merchantId });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, second, new Date(t + 5000)));
    expect(await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t + 3000)))).toBe(
      'ignored',
    );
    const m = (await rowOf(merchantId))!;
    expect(m.installStatus).toBe('installed');
    expect(openForStore(ctx.config.keys.storeSecrets, m.id, m.sallaAccessToken!)).toBe(
      second.access_token,
    );
  });

  test('an authorize older than a newer uninstall keeps no tokens and leaves the store uninstalled', async () => {
    const t = Date.now();
    const merchantId = randomId();
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t + 2000)));
    const tokens = ctx.sandbox.registerStore({ merchantId });
    expect(await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens, new Date(t)))).toBe(
      'ignored',
    );
    expect(await rowOf(merchantId)).toMatchObject({
      installStatus: 'uninstalled',
      sallaAccessToken: null,
      sallaRefreshToken: null,
    });
    const stored = (await eventsOf(merchantId)).at(-1)!;
    expect(stored).toMatchObject({ event: 'app.store.authorize', outcome: 'ignored' });
    expect(JSON.stringify(stored.payload)).not.toContain(tokens.access_token);
  });

  test('app.installed overtaking the authorize of the same install: the tokens are still kept, older tokens never replace newer ones', async () => {
    const t = Date.now();
    const merchantId = randomId();
    await deliverOk(ctx, webhooks.appInstalled(merchantId, new Date(t + 1000)));
    const tokens = ctx.sandbox.registerStore({ merchantId });
    expect(await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens, new Date(t)))).toBe(
      'processed',
    );
    let m = (await rowOf(merchantId))!;
    expect(m.installStatus).toBe('installed');
    expect(m.lifecycleEventAt).toEqual(new Date(Math.floor((t + 1000) / 1000) * 1000));
    expect(openForStore(ctx.config.keys.storeSecrets, m.id, m.sallaAccessToken!)).toBe(
      tokens.access_token,
    );

    const older = ctx.sandbox.registerStore({ merchantId });
    expect(
      await deliverOk(ctx, webhooks.storeAuthorize(merchantId, older, new Date(t - 5000))),
    ).toBe('ignored');
    m = (await rowOf(merchantId))!;
    expect(openForStore(ctx.config.keys.storeSecrets, m.id, m.sallaAccessToken!)).toBe(
      tokens.access_token,
    );
  });

  test('a redelivered app.uninstalled is harmless, before and after a reinstall', async () => {
    const t = Date.now();
    const merchantId = await setupStore(ctx, { rules: { signup: { points: 10 } } });
    const uninstall = webhooks.appUninstalled(merchantId, new Date(t + 1000));
    expect(await deliverOk(ctx, uninstall)).toBe('processed');
    expect(await deliverOk(ctx, uninstall)).toBe('duplicate');
    expect(await rowOf(merchantId)).toMatchObject({ installStatus: 'uninstalled' });
    await deliverOk(ctx, webhooks.appInstalled(merchantId, new Date(t + 2000)));
    expect(await deliverOk(ctx, uninstall)).toBe('duplicate');
    expect(await rowOf(merchantId)).toMatchObject({ installStatus: 'installed' });
    const uninstalls = (await eventsOf(merchantId)).filter((e) => e.event === 'app.uninstalled');
    expect(uninstalls).toHaveLength(1);
  });
});

describe('migration 0006', () => {
  test('backfills the newest lifecycle event and authorize from the events stored before it', async () => {
    const t = Date.now();
    const merchantId = randomId();
    const tokens = ctx.sandbox.registerStore({ merchantId });
    await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens, new Date(t - 5000)));
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t - 3000)));
    await deliverOk(ctx, webhooks.appInstalled(merchantId, new Date(t - 1000)));
    // Late, and ignored: it must not count.
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(t - 2000)));
    const expected = await rowOf(merchantId);
    await ctx.database.db
      .update(merchants)
      .set({ lifecycleEventAt: null, sallaAuthorizedAt: null })
      .where(eq(merchants.id, merchantId));
    const statements = readFileSync(
      new URL('../../db/migrations/0006_install_lifecycle.sql', import.meta.url),
      'utf8',
    ).split('--> statement-breakpoint');
    // The backfill, for this store only (other suites share the database).
    const backfill = statements.at(-1)!.trim().replace(/;$/, ` WHERE m."id" = ${merchantId};`);
    await ctx.database.db.execute(sql.raw(backfill));
    const row = (await rowOf(merchantId))!;
    expect(row.lifecycleEventAt).toEqual(expected!.lifecycleEventAt);
    expect(row.sallaAuthorizedAt).toEqual(expected!.sallaAuthorizedAt);
    expect(row.lifecycleEventAt).toEqual(new Date(Math.floor((t - 1000) / 1000) * 1000));
  });
});

describe('the uninstall purge', () => {
  const purge = (merchantIds: number[]) =>
    ctx.app.services.storePurge.run({ force: true, merchantIds });

  test('deletes a store uninstalled and silent for the whole grace period, and only such a store', async () => {
    const now = ctx.clock.now().getTime();
    const stores = {
      silent: await storeWithCustomer(new Date(now - 120 * DAY)),
      spoke: await storeWithCustomer(new Date(now - 120 * DAY)),
      recent: await storeWithCustomer(new Date(now - 120 * DAY)),
      back: await storeWithCustomer(new Date(now - 120 * DAY)),
      lateUninstall: await storeWithCustomer(new Date(now - 120 * DAY)),
      deadLetter: await storeWithCustomer(new Date(now - 120 * DAY)),
    };
    await deliverOk(ctx, webhooks.appUninstalled(stores.silent, new Date(now - 91 * DAY)));
    await deliverOk(ctx, webhooks.appUninstalled(stores.spoke, new Date(now - 91 * DAY)));
    await deliverOk(ctx, webhooks.appUninstalled(stores.deadLetter, new Date(now - 91 * DAY)));
    await deliverOk(ctx, webhooks.appUninstalled(stores.recent, new Date(now - 89 * DAY)));
    await deliverOk(ctx, webhooks.appUninstalled(stores.back, new Date(now - 100 * DAY)));
    await deliverOk(ctx, webhooks.appInstalled(stores.back, new Date(now - 95 * DAY)));
    await deliverOk(ctx, webhooks.appInstalled(stores.lateUninstall, new Date(now - 95 * DAY)));
    for (const merchantId of Object.values(stores)) await receivedDaysAgo(merchantId, 91);
    // During the grace period: an order event for one store (ignored, but heard), and a late
    // uninstall (older than its reinstall) for another.
    expect(
      await deliverOk(ctx, webhooks.customerCreated(stores.spoke, customerFacts(), new Date())),
    ).toBe('ignored');
    expect(
      await deliverOk(ctx, webhooks.appUninstalled(stores.lateUninstall, new Date(now - 96 * DAY))),
    ).toBe('ignored');

    // And one that did not fit the schema (kept as a dead letter) for a third.
    const unfit = webhooks.customerCreated(stores.deadLetter, customerFacts());
    expect(
      (await deliver(ctx, { ...unfit, data: { ...unfit.data, id: 'not an id' } })).statusCode,
    ).toBe(400);

    const all = Object.values(stores);
    expect(await purge(all)).toEqual({ ran: true, purged: [stores.silent] });
    const left = async (merchantId: number) => {
      const result = await ctx.database.db.execute(sql`
        select (select count(*) from merchants where id = ${merchantId})::int as merchants,
               (select count(*) from customers where merchant_id = ${merchantId})::int as customers,
               (select count(*) from points_ledger where merchant_id = ${merchantId})::int as ledger,
               (select count(*) from webhook_events where merchant_id = ${merchantId})::int as events`);
      return (result as unknown as { rows: Record<string, number>[] }).rows[0];
    };
    expect(await left(stores.silent)).toEqual({ merchants: 0, customers: 0, ledger: 0, events: 0 });
    for (const merchantId of all.filter((id) => id !== stores.silent))
      expect(await left(merchantId)).toMatchObject({ merchants: 1, customers: 1, ledger: 1 });
    expect(await rowOf(stores.lateUninstall)).toMatchObject({ installStatus: 'installed' });

    // Once the store that spoke has been silent for the grace period too, it goes.
    await receivedDaysAgo(stores.spoke, 91);
    expect(await purge(all)).toEqual({ ran: true, purged: [stores.spoke] });
    expect(await purge(all)).toEqual({ ran: true, purged: [] });
  });

  test('two runs at once delete each store once; neither fails', async () => {
    const now = ctx.clock.now().getTime();
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const merchantId = await storeWithCustomer(new Date(now - 120 * DAY));
      await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date(now - 91 * DAY)));
      await receivedDaysAgo(merchantId, 91);
      ids.push(merchantId);
    }
    const [a, b] = await Promise.all([purge(ids), purge(ids)]);
    expect([...a.purged, ...b.purged].sort()).toEqual([...ids].sort());
    for (const merchantId of ids) expect(await rowOf(merchantId)).toBeUndefined();
  });

  test("a day's run claimed by an instance that died is resumed after the timeout, not while fresh", async () => {
    // Noon in Riyadh of a day of its own, far ahead, that no other test's run has claimed.
    const now = ctx.clock.now().getTime();
    const riyadhMidnight = Math.floor((now + 3 * 3_600_000) / DAY) * DAY - 3 * 3_600_000;
    const day0 = riyadhMidnight + (400 + Math.floor(Math.random() * 3000)) * DAY;
    const merchantId = await storeWithCustomer(new Date());
    await deliverOk(ctx, webhooks.appUninstalled(merchantId, new Date()));
    let advanced = 0;
    const advance = (ms: number) => {
      ctx.clock.advance(ms);
      advanced += ms;
    };
    advance(day0 + 12 * 3_600_000 - now);
    try {
      const day = riyadhToday(ctx.clock.now()).date;
      const claimedAt = ctx.clock.now();
      await ctx.database.db
        .insert(jobRuns)
        .values({ job: 'uninstall-purge', period: day, startedAt: claimedAt });
      const storePurge = ctx.app.services.storePurge;
      expect(await storePurge.run({ merchantIds: [merchantId] })).toEqual({
        ran: false,
        purged: [],
      });
      advance(PURGE_RUN_STALE_MS + 1000);
      expect(await storePurge.run({ merchantIds: [merchantId] })).toEqual({
        ran: true,
        purged: [merchantId],
      });
      const [run] = await ctx.database.db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, 'uninstall-purge'), eq(jobRuns.period, day)));
      expect(run!.finishedAt).not.toBeNull();
      // A finished day never runs again.
      advance(PURGE_RUN_STALE_MS + 1000);
      expect(await storePurge.run({ merchantIds: [merchantId] })).toEqual({
        ran: false,
        purged: [],
      });
    } finally {
      ctx.clock.advance(-advanced);
    }
  });
});
