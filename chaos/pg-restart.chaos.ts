import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ErrorBodySchema } from '@nuqat/contracts';
import { webhooks } from '@nuqat/salla-sandbox';
import { assertNone, ledgerProblems, orderProblems } from './support/invariants.ts';
import { sleep } from './support/net.ts';
import { report } from './support/report.ts';
import {
  addShoppers,
  call,
  createWorld,
  deliver,
  errorCodeOf,
  installStore,
  load,
  newOrderId,
  outcomeOf,
  sign,
  type Signed,
  type Store,
  type World,
} from './support/world.ts';

// PostgreSQL restarted under webhook load (the suite's own cluster, never the shared one): the
// API recovers by itself, requests caught in the outage get a clean 503 with a stable code, and
// Salla's retry of each then lands exactly once.

const ORDER_POINTS = 100;

let world: World;
let stores: Store[];
beforeAll(async () => {
  world = await createWorld();
  stores = [];
  for (const merchantId of [920_001, 920_002]) {
    const store = await installStore(world, merchantId, { orderPoints: ORDER_POINTS });
    await addShoppers(world, store, 6, 0);
    stores.push(store);
  }
});
afterAll(async () => {
  await world?.close();
});

test('PostgreSQL restarted under webhook load: clean 503s, recovery without restarting the API, retries land once', async () => {
  const sent = new Map<number, { merchantId: number; signed: Signed }>();
  const acknowledged = new Map<number, number>();
  const refused: number[] = [];
  const problems: string[] = [];
  const codes = new Map<string, number>();
  const figures = {
    outages: 0,
    sent: 0,
    acknowledged: 0,
    answered503: 0,
    acknowledgedAfterOutage: 0,
    retried: 0,
    retriedDuplicate: 0,
    readyzDuringOutage: [] as number[],
  };

  const send = async () => {
    const store = stores[randomInt(stores.length)]!;
    const orderId = newOrderId();
    const customer = store.shoppers[randomInt(store.shoppers.length)]!;
    const signed = sign(
      webhooks.orderCreated(store.merchantId, {
        id: orderId,
        customer,
        total: 150,
        status: 'completed',
      }),
    );
    sent.set(orderId, { merchantId: store.merchantId, signed });
    const answer = await deliver(world, signed);
    if (answer.status === 200 && outcomeOf(answer) === 'processed') {
      acknowledged.set(orderId, store.merchantId);
      return true;
    }
    if (answer.status === 503 && ErrorBodySchema.safeParse(answer.body).success) {
      refused.push(orderId);
      const code = errorCodeOf(answer)!;
      codes.set(code, (codes.get(code) ?? 0) + 1);
      return false;
    }
    problems.push(
      `order ${orderId} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    );
    return false;
  };

  // Two outages: a fast restart, then a stop with two seconds down before the start.
  for (const outage of ['restart', 'stop-start'] as const) {
    let stopLoad = false;
    const breaker = (async () => {
      await sleep(1_000);
      if (outage === 'restart') {
        await world.postgres.restart();
      } else {
        await world.postgres.stop('fast');
        figures.readyzDuringOutage.push((await call(world, '/readyz')).status);
        await sleep(2_000);
        await world.postgres.start();
      }
      // The API finds the database again by itself: requests succeed within 10 s.
      const deadline = Date.now() + 10_000;
      let ok = 0;
      while (ok < 20 && Date.now() < deadline) if (await send()) ok += 1;
      if (ok < 20) problems.push(`${outage}: only ${ok} webhooks acknowledged within 10 s after`);
      figures.acknowledgedAfterOutage += ok;
      stopLoad = true;
    })();
    await load(
      8,
      () => stopLoad,
      async () => void (await send()),
    );
    await breaker;
    figures.outages += 1;
    expect(world.api.running, 'the API process survived the outage').toBe(true);
  }
  figures.answered503 = refused.length;
  // Salla retries every event it got no 2xx for.
  for (const orderId of refused) {
    const { merchantId, signed } = sent.get(orderId)!;
    const answer = await deliver(world, signed);
    const outcome = outcomeOf(answer);
    if (answer.status !== 200 || (outcome !== 'processed' && outcome !== 'duplicate'))
      problems.push(`retry of order ${orderId} → ${answer.status} ${JSON.stringify(answer.body)}`);
    else acknowledged.set(orderId, merchantId);
    if (outcome === 'duplicate') figures.retriedDuplicate += 1;
    figures.retried += 1;
  }
  figures.sent = sent.size;
  figures.acknowledged = acknowledged.size;
  assertNone('answers', problems);
  expect(acknowledged.size).toBe(sent.size);
  assertNone('orders', await orderProblems(world.db, acknowledged, ORDER_POINTS));
  assertNone('ledger', await ledgerProblems(world.db));
  report('postgres restart', { ...figures, errorCodes: Object.fromEntries(codes) });
  expect(refused.length, 'the outages caught requests in flight').toBeGreaterThan(0);
  expect(figures.readyzDuringOutage).toEqual([503]);
});
