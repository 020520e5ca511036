import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { assertNone, ledgerProblems, redemptionProblems } from './support/invariants.ts';
import { sleep } from './support/net.ts';
import { report } from './support/report.ts';
import {
  addShoppers,
  call,
  createReward,
  createWorld,
  errorCodeOf,
  installStore,
  signInShoppers,
  type Answer,
  type Store,
  type World,
} from './support/world.ts';

// Salla failing at random during a redemption load: 500s, 429s (short Retry-After, waited out;
// long, given up), slow answers and timeouts, refused and cut connections. Each redemption ends
// with its coupon and its points spent, or with its points returned; nothing is lost or doubled.

const REQUESTS = 90;
const WORKERS = 6;
/** The API's Salla client gives up after 10 s; a slower answer is a timeout. */
const TIMEOUT_DELAY_MS = 11_000;

let world: World;
let store: Store;
let rewardId: string;
let sessions = new Map<number, string>();
beforeAll(async () => {
  world = await createWorld({ sallaProxy: true });
  store = await installStore(world, 930_001, { orderPoints: 100 });
  await addShoppers(world, store, 12, 3); // 300 points each
  rewardId = await createReward(world, store, 20);
  sessions = await signInShoppers(world, store.shoppers);
});
afterAll(async () => {
  await world?.close();
});

type Fault = '500' | '429 short' | '429 long' | 'slow' | 'timeout' | 'refused' | 'reset';

test('random Salla faults under redemption load: every redemption ends with its coupon or its points back', async () => {
  const shown = new Map<string, string>();
  const problems: string[] = [];
  const injected = new Map<Fault, number>();
  const outcomes = new Map<string, number>();
  let sentRequests = 0;
  let retriedSameId = 0;
  let done = false;
  let lastTimeoutAt = 0;
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

  const redeem = (shopperIndex: number, requestId: string): Promise<Answer> => {
    const shopper = store.shoppers[shopperIndex]!;
    return call(world, `/api/customers/loyalty/${store.merchantId}/${shopper.id}/redeem`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${sessions.get(shopper.id)}`,
        'accept-language': 'en',
      },
      body: JSON.stringify({ rewardId, requestId }),
      timeoutMs: 45_000,
    });
  };
  const outcomeOf = (answer: Answer): string => {
    if (answer.status === 200) return `issued`;
    const code = errorCodeOf(answer);
    if (answer.status === 502 && code === 'REDEMPTION_FAILED') return 'points returned';
    if (answer.status === 409 && code === 'INSUFFICIENT_POINTS') return 'not enough points';
    return `unexpected ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
  };

  const started = Date.now();
  const faults = (async () => {
    const coupons = '/admin/v2/coupons';
    // Two timeouts at fixed moments (each costs the API's 10 s wait), the rest at random.
    const timeouts = [1_000, 2_500];
    // One fault no retry gets past, for the first coupon asked: the random ones alone can all be
    // ridden out by the client's retries (a run of 90 issued and none failed was seen), and then
    // the test would prove nothing about giving the points back.
    count(injected, '429 long');
    world.sandbox.fail({ mode: '429', path: coupons, retryAfter: 30 });
    while (!done) {
      await sleep(200 + randomInt(400));
      if (timeouts.length > 0 && Date.now() - started >= timeouts[0]!) {
        timeouts.shift();
        count(injected, 'timeout');
        lastTimeoutAt = Date.now();
        world.sandbox.fail({ mode: 'slow', path: coupons, delayMs: TIMEOUT_DELAY_MS });
        continue;
      }
      const roll = randomInt(100);
      const fault: Fault =
        roll < 25
          ? '500'
          : roll < 40
            ? '429 short'
            : roll < 50
              ? '429 long'
              : roll < 65
                ? 'slow'
                : roll < 82
                  ? 'refused'
                  : 'reset';
      count(injected, fault);
      if (fault === '500')
        world.sandbox.fail({ mode: '500', path: coupons, count: 1 + randomInt(3) });
      else if (fault === '429 short')
        world.sandbox.fail({ mode: '429', path: coupons, retryAfter: 1 });
      else if (fault === '429 long')
        world.sandbox.fail({ mode: '429', path: coupons, retryAfter: 30 });
      else if (fault === 'slow')
        world.sandbox.fail({ mode: 'slow', path: coupons, delayMs: 1_500 });
      else if (fault === 'refused') await world.proxy!.refuse(150 + randomInt(300));
      else await world.proxy!.reset(100 + randomInt(250));
    }
    world.sandbox.clearFaults();
  })();

  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      while (sentRequests < REQUESTS) {
        sentRequests += 1;
        const shopperIndex = (worker * 2 + randomInt(2)) % store.shoppers.length;
        const requestId = randomUUID();
        const first = await redeem(shopperIndex, requestId);
        const outcome = outcomeOf(first);
        count(outcomes, outcome);
        if (outcome.startsWith('unexpected')) problems.push(`redeem ${requestId}: ${outcome}`);
        if (first.status === 200) {
          const code = (first.body as { data: { code: string | null } }).data.code;
          if (code) shown.set(requestId, code);
          else problems.push(`redeem ${requestId}: 200 without a code`);
        }
        // One click in five is sent again with the same requestId (the page's retry): the same
        // answer, never a second spend.
        if (randomInt(5) === 0) {
          retriedSameId += 1;
          const again = await redeem(shopperIndex, requestId);
          const same =
            outcomeOf(again) === outcome &&
            (first.status !== 200 ||
              (again.body as { data: { code: string } }).data.code === shown.get(requestId));
          if (!same && outcome !== 'not enough points')
            problems.push(`retry of ${requestId}: ${outcomeOf(again)} after ${outcome}`);
        }
      }
    }),
  );
  done = true;
  await faults;
  const loadSeconds = (Date.now() - started) / 1000;
  // A timed-out call's coupon is made at Salla when the slow answer finally comes.
  await sleep(Math.max(0, lastTimeoutAt + TIMEOUT_DELAY_MS + 500 - Date.now()));

  assertNone('answers', problems);
  const { problems: broken, figures } = await redemptionProblems(world.db, world.sandbox, shown);
  assertNone('redemptions', broken);
  assertNone('ledger', await ledgerProblems(world.db));
  report('salla faults', {
    requests: REQUESTS,
    retriedSameId,
    loadSeconds,
    injected: Object.fromEntries(injected),
    proxy: world.proxy!.stats,
    answers: Object.fromEntries(outcomes),
    ...figures,
  });
  expect(figures.issued).toBeGreaterThan(0);
  expect(figures.failed, 'the faults made some redemptions fail').toBeGreaterThan(0);
});
