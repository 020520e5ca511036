import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import {
  assertNone,
  ledgerProblems,
  orderProblems,
  redemptionProblems,
} from './support/invariants.ts';
import { sleep } from './support/net.ts';
import { report } from './support/report.ts';
import {
  addShoppers,
  call,
  createReward,
  createWorld,
  deliver,
  errorCodeOf,
  installStore,
  load,
  newOrderId,
  outcomeOf,
  sign,
  signInShoppers,
  type Signed,
  type Store,
  type World,
} from './support/world.ts';

// kill -9 of the API in the middle of a signed-webhook load and of a redemption load, then a
// restart: what was acknowledged is in the ledger, Salla's retries of the rest land exactly once,
// and every redemption ends with its coupon or its points back.

const ORDER_POINTS = 100;
const KILL_ROUNDS = 3;
const WORKERS = 8;

let world: World;
let stores: Store[];
beforeAll(async () => {
  world = await createWorld();
  stores = [];
  for (const merchantId of [910_001, 910_002]) {
    const store = await installStore(world, merchantId, { orderPoints: ORDER_POINTS });
    await addShoppers(world, store, 6, 0);
    stores.push(store);
  }
});
afterAll(async () => {
  await world?.close();
});

test('kill -9 under webhook load: every acknowledged order is in the ledger; retries land once', async () => {
  const sent = new Map<number, { merchantId: number; signed: Signed }>();
  const acknowledged = new Map<number, number>();
  const figures = {
    rounds: 0,
    sent: 0,
    acknowledged: 0,
    unanswered: 0,
    retried: 0,
    retriedDuplicate: 0,
    redeliveredAcked: 0,
  };
  const problems: string[] = [];
  for (let round = 1; round <= KILL_ROUNDS; round++) {
    const unanswered: number[] = [];
    let killed = false;
    const killAt = 800 + randomInt(1200);
    const killer = sleep(killAt).then(async () => {
      await world.api.kill9();
      killed = true;
    });
    await load(
      WORKERS,
      () => killed,
      async () => {
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
        if (answer.status === 200 && outcomeOf(answer) === 'processed')
          acknowledged.set(orderId, store.merchantId);
        else if (answer.status === 0) unanswered.push(orderId);
        else problems.push(`order ${orderId} → ${answer.status} ${JSON.stringify(answer.body)}`);
      },
    );
    await killer;
    // Before anything else runs: an acknowledged order is committed, whatever happened next.
    assertNone(
      `round ${round}, after kill -9`,
      await orderProblems(world.db, acknowledged, ORDER_POINTS),
    );
    await world.api.start();
    // Salla retries what it got no 2xx for; an event committed just before the kill is a duplicate.
    for (const orderId of unanswered) {
      const { merchantId, signed } = sent.get(orderId)!;
      const answer = await deliver(world, signed);
      const outcome = outcomeOf(answer);
      if (answer.status !== 200 || (outcome !== 'processed' && outcome !== 'duplicate'))
        problems.push(
          `retry of order ${orderId} → ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      else acknowledged.set(orderId, merchantId);
      if (outcome === 'duplicate') figures.retriedDuplicate += 1;
    }
    // And a redelivery of something acknowledged before the crash changes nothing.
    const ackedIds = [...acknowledged.keys()];
    for (let i = 0; i < 20; i++) {
      const orderId = ackedIds[randomInt(ackedIds.length)]!;
      const answer = await deliver(world, sent.get(orderId)!.signed);
      if (answer.status !== 200 || outcomeOf(answer) !== 'duplicate')
        problems.push(
          `redelivery of order ${orderId} → ${answer.status} ${JSON.stringify(answer.body)}`,
        );
      figures.redeliveredAcked += 1;
    }
    figures.rounds += 1;
    figures.retried += unanswered.length;
    figures.unanswered += unanswered.length;
  }
  figures.sent = sent.size;
  figures.acknowledged = acknowledged.size;
  assertNone('answers', problems);
  expect(acknowledged.size).toBe(sent.size);
  assertNone('orders', await orderProblems(world.db, acknowledged, ORDER_POINTS));
  assertNone('ledger', await ledgerProblems(world.db));
  report('kill-9 webhooks', figures);
  expect(figures.unanswered, 'the kill landed while requests were in flight').toBeGreaterThan(0);
});

test('kill -9 under redemption load: each redemption ends with its coupon or its points back', async () => {
  const store = await installStore(world, 910_003, { orderPoints: ORDER_POINTS });
  await addShoppers(world, store, 10, 3); // 300 points each
  const rewardId = await createReward(world, store, 20);
  const sessions = await signInShoppers(world, store.shoppers);

  const shown = new Map<string, string>();
  const figures = {
    rounds: 0,
    requests: 0,
    issued: 0,
    failed: 0,
    unanswered: 0,
    pendingAfterKill: 0,
    retriedSame: 0,
  };
  const problems: string[] = [];
  const redeem = async (shopperIndex: number, requestId: string) => {
    const shopper = store.shoppers[shopperIndex]!;
    figures.requests += 1;
    return call(world, `/api/customers/loyalty/${store.merchantId}/${shopper.id}/redeem`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${sessions.get(shopper.id)}`,
      },
      body: JSON.stringify({ rewardId, requestId }),
    });
  };
  const judge = (
    requestId: string,
    answer: Awaited<ReturnType<typeof redeem>>,
    unanswered: string[][],
    shopperIndex: number,
  ) => {
    if (answer.status === 200) {
      const code = (answer.body as { data: { code: string | null } }).data.code;
      if (code) shown.set(requestId, code);
    } else if (answer.status === 0) unanswered.push([requestId, String(shopperIndex)]);
    else if (!['INSUFFICIENT_POINTS', 'REDEMPTION_FAILED'].includes(errorCodeOf(answer) ?? ''))
      problems.push(`redeem ${requestId} → ${answer.status} ${JSON.stringify(answer.body)}`);
  };

  for (let round = 1; round <= 2; round++) {
    const unanswered: string[][] = [];
    let killed = false;
    const killer = sleep(700 + randomInt(800)).then(async () => {
      await world.api.kill9();
      killed = true;
    });
    await load(
      6,
      () => killed,
      async (worker) => {
        const shopperIndex = (worker + round * 3 + randomInt(2)) % store.shoppers.length;
        const requestId = randomUUID();
        judge(requestId, await redeem(shopperIndex, requestId), unanswered, shopperIndex);
      },
    );
    await killer;
    const pending = await world.db.query<{ n: number }>(
      `select count(*)::int as n from redemptions where status = 'pending'`,
    );
    figures.pendingAfterKill += pending.rows[0]!.n;
    // The instance stays down longer than the repair job's grace period (2 minutes): the suite
    // moves the clock of the pending rows instead of waiting it out.
    await world.db.query(
      `update redemptions set created_at = created_at - interval '3 minutes' where status = 'pending'`,
    );
    await world.api.start();
    // The repair job runs 5 s after boot: every pending redemption is issued or refunded.
    const deadline = Date.now() + 45_000;
    for (;;) {
      const { rows } = await world.db.query<{ n: number }>(
        `select count(*)::int as n from redemptions where status = 'pending'`,
      );
      if (rows[0]!.n === 0) break;
      if (Date.now() > deadline)
        throw new Error(`${rows[0]!.n} redemptions still pending 45 s after restart`);
      await sleep(250);
    }
    // The page retries a click that got no answer with the same requestId: never a second spend.
    for (const [requestId, shopperIndex] of unanswered) {
      const again: string[][] = [];
      judge(
        requestId!,
        await redeem(Number(shopperIndex), requestId!),
        again,
        Number(shopperIndex),
      );
      if (again.length > 0) problems.push(`retry of ${requestId} got no answer after restart`);
      figures.retriedSame += 1;
    }
    figures.unanswered += unanswered.length;
    figures.rounds += 1;
  }
  assertNone('answers', problems);
  const { problems: broken, figures: counts } = await redemptionProblems(
    world.db,
    world.sandbox,
    shown,
  );
  assertNone('redemptions', broken);
  assertNone('ledger', await ledgerProblems(world.db));
  Object.assign(figures, counts);
  report('kill-9 redemptions', figures);
  expect(counts.issued).toBeGreaterThan(0);
});
