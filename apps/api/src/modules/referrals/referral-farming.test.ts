import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  REFERRAL_DEFAULTS,
  ReferralsResponseSchema,
  type ReferralLimits,
  type ReferralReason,
} from '@nuqat/contracts';
import { webhooks } from '@nuqat/salla-sandbox';
import { referrals } from '../../db/schema/index.ts';
import {
  createEngineContext,
  customerFacts,
  deliverOk,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import {
  REFERRAL_SETTINGS,
  referralHelpers,
  type ReferralStore,
} from '../../test/referral-support.ts';
import { uniqueEmail, uniqueIp } from '../../test/test-app.ts';
import { REFERRAL_CLAIM_LIMITS, REFERRAL_OFFER_LIMITS } from './referral-engine.service.ts';

/**
 * Issue 22 (docs/decisions/028): one mailbox gets one gift whatever the spelling, a code and a
 * store give a bounded number of gifts, and a refusal tells nothing about the address it was for.
 */

// The referral repository as is, with each call written down (which function, for which store),
// so a test can show that two refusals did the same work.
const repository = vi.hoisted(() => ({ calls: [] as { name: string; merchantId: unknown }[] }));
vi.mock('./referrals.repository.ts', async (importOriginal) => {
  const real = await importOriginal<Record<string, unknown>>();
  return Object.fromEntries(
    Object.entries(real).map(([name, value]) => [
      name,
      typeof value === 'function'
        ? (...args: unknown[]) => {
            const scope = args[1] as { merchantId?: number } | number;
            repository.calls.push({
              name,
              merchantId: typeof scope === 'object' ? scope.merchantId : scope,
            });
            return (value as (...a: unknown[]) => unknown)(...args);
          }
        : value,
    ]),
  );
});

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const {
  merchantCall,
  referralStore,
  inviterWithCode,
  claim,
  offer,
  referralRows,
  couponsOf,
  settle,
} = referralHelpers(() => ctx);

function storeWithLimits(limits: Partial<ReferralLimits>) {
  return referralStore({
    settings: { ...REFERRAL_SETTINGS, limits: { ...REFERRAL_DEFAULTS.limits, ...limits } },
  });
}

/** A mailbox name no other test uses. */
const mailbox = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** Mail sent since `after` to any of these addresses, after a moment for stragglers. */
async function mailTo(addresses: string[], after: number) {
  await new Promise((resolve) => setTimeout(resolve, 300));
  const wanted = new Set(addresses.map((a) => a.toLowerCase()));
  return ctx.smtp.messages.slice(after).filter((m) => m.to.some((to) => wanted.has(to)));
}

async function reasonsOf(store: ReferralStore) {
  return (await referralRows(store))
    .filter((r) => r.status === 'blocked')
    .map((r) => r.reason)
    .sort();
}

/** A shopper of the store who has ordered (Salla told us the order). */
async function buyer(store: ReferralStore, email: string) {
  await deliverOk(
    ctx,
    webhooks.orderCreated(store.merchantId, {
      id: randomId(),
      customer: customerFacts({ email }),
      total: 100,
      status: 'completed',
    }),
  );
}

describe('one mailbox, one gift, whatever the spelling', () => {
  test('+a, +b, +c, a capital and the bare address: only the first gets a gift', async () => {
    const store = await referralStore();
    const { code } = await inviterWithCode(store);
    const name = mailbox('farm');
    const spellings = [
      `${name}+a@example.com`,
      `${name}+b@example.com`,
      `${name}+c@example.com`,
      `${name.toUpperCase()}@Example.COM`,
      `${name}@example.com`,
    ];
    const after = ctx.smtp.messages.length;
    const answers = [];
    for (const email of spellings) answers.push(await claim(store, code, email));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 409, 409, 409, 409]);
    for (const refused of answers.slice(1))
      expect(refused.json().code).toBe('REFERRAL_NOT_ELIGIBLE');
    expect(couponsOf(store, 'NQF-')).toHaveLength(1);
    // The gift went to the address the friend typed, and nothing else went anywhere.
    await ctx.smtp.waitForMail(spellings[0]!, { after });
    expect(await mailTo(spellings.slice(1), after)).toEqual([]);
    expect(await reasonsOf(store)).toEqual(Array(4).fill('already_claimed'));
  });

  test('Gmail ignores dots and googlemail.com is gmail.com: one gift for all of them', async () => {
    const store = await referralStore();
    const { code } = await inviterWithCode(store);
    const name = mailbox('farm').replace('-', '');
    const dotted = `${name.slice(0, 3)}.${name.slice(3, 6)}.${name.slice(6)}`;
    const answers = [];
    for (const email of [
      `${dotted}+1@gmail.com`,
      `${name}@gmail.com`,
      `${dotted.toUpperCase()}@googlemail.com`,
    ])
      answers.push((await claim(store, code, email)).statusCode);
    expect(answers).toEqual([200, 409, 409]);
    expect(couponsOf(store, 'NQF-')).toHaveLength(1);
  });

  test('the sixth try in an hour for one mailbox is rate-limited, whatever its +tag', async () => {
    const store = await referralStore();
    const { code } = await inviterWithCode(store);
    const name = mailbox('farm');
    const statuses = [];
    for (let i = 0; i <= REFERRAL_CLAIM_LIMITS.perEmail.limit; i++)
      statuses.push((await claim(store, code, `${name}+${i}@example.com`)).statusCode);
    expect(statuses).toEqual([200, 409, 409, 409, 409, 429]);
  });

  test('the inviter’s own mailbox under another spelling is a self-referral', async () => {
    const store = await referralStore();
    const name = mailbox('inviter').replace('-', '');
    const { code } = await inviterWithCode(store, {
      email: `${name.slice(0, 4)}.${name.slice(4)}@gmail.com`,
    });
    for (const email of [
      `${name}+gift@gmail.com`,
      `${name.toUpperCase()}@googlemail.com`,
      `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
    ]) {
      const res = await claim(store, code, email);
      expect([res.statusCode, res.json().code]).toEqual([409, 'REFERRAL_NOT_ELIGIBLE']);
    }
    expect(couponsOf(store, 'NQF-')).toHaveLength(0);
    expect(await reasonsOf(store)).toEqual(Array(3).fill('self_referral'));
  });

  test('a shopper who ordered is an existing customer under any spelling of their address', async () => {
    const store = await referralStore();
    const { code } = await inviterWithCode(store);
    const name = mailbox('buyer');
    await buyer(store, `${name}@example.com`);
    const res = await claim(store, code, `${name.toUpperCase()}+new@example.com`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'REFERRAL_NOT_ELIGIBLE']);
    expect(await reasonsOf(store)).toEqual(['existing_customer']);
  });

  test('a friend who claimed with a +tag is found by their account’s bare address at the first order', async () => {
    const store = await referralStore();
    const { code } = await inviterWithCode(store);
    const name = mailbox('friend');
    expect((await claim(store, code, `${name}+ref@example.com`)).statusCode).toBe(200);
    const order = {
      id: randomId(),
      customer: customerFacts({ email: `${name}@example.com` }),
      total: 120,
      status: 'completed',
    };
    await deliverOk(ctx, webhooks.orderCreated(store.merchantId, order));
    await settle(store);
    const [row] = await referralRows(store);
    expect(row).toMatchObject({ status: 'completed', orderId: order.id });
    expect(couponsOf(store, 'NQR-')).toHaveLength(1);
  });
});

describe('gifts per code and per store', () => {
  test('a code gives at most its gifts per code; the next friend is refused and recorded', async () => {
    const store = await storeWithLimits({ giftsPerCode: 2 });
    const { code } = await inviterWithCode(store);
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await claim(store, code, uniqueEmail('friend'))).statusCode);
    expect(statuses).toEqual([200, 200, 409]);
    expect(couponsOf(store, 'NQF-')).toHaveLength(2);
    expect(await reasonsOf(store)).toEqual(['code_cap']);
    // Another shopper's code has its own count.
    const other = await inviterWithCode(store);
    expect((await claim(store, other.code, uniqueEmail('friend'))).statusCode).toBe(200);
  });

  test('eight friends racing for a code with three gifts left: three get one', async () => {
    const store = await storeWithLimits({ giftsPerCode: 3 });
    const { code } = await inviterWithCode(store);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => claim(store, code, uniqueEmail('racer'))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 409, 409, 409, 409, 409]);
    expect(couponsOf(store, 'NQF-')).toHaveLength(3);
    expect(await reasonsOf(store)).toEqual(Array(5).fill('code_cap'));
  });

  test('two friends racing for the last gift of a code: one wins', async () => {
    const store = await storeWithLimits({ giftsPerCode: 2 });
    const { code } = await inviterWithCode(store);
    expect((await claim(store, code, uniqueEmail('friend'))).statusCode).toBe(200);
    const answers = await Promise.all([
      claim(store, code, uniqueEmail('racer')),
      claim(store, code, uniqueEmail('racer')),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(couponsOf(store, 'NQF-')).toHaveLength(2);
  });

  test('a store gives at most its gifts per day across all codes, also under a race; a day later it gives again', async () => {
    const store = await storeWithLimits({ giftsPerDay: 2 });
    const codes: string[] = [];
    for (let i = 0; i < 3; i++) codes.push((await inviterWithCode(store)).code);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => claim(store, codes[i % 3]!, uniqueEmail('racer'))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(couponsOf(store, 'NQF-')).toHaveLength(2);
    expect(await reasonsOf(store)).toEqual(Array(4).fill('daily_cap'));

    ctx.clock.advance(24 * 3_600_000 + 60_000);
    try {
      expect((await claim(store, codes[0]!, uniqueEmail('friend'))).statusCode).toBe(200);
    } finally {
      ctx.clock.advance(-(24 * 3_600_000 + 60_000));
    }
  });
});

describe('a refusal tells nothing about the address', () => {
  test('own address, existing customer, already claimed and both caps answer alike, do the same work and mail nobody', async () => {
    const store = await storeWithLimits({ giftsPerCode: 1, giftsPerDay: 2 });
    const first = await inviterWithCode(store);
    const second = await inviterWithCode(store);
    const third = await inviterWithCode(store);
    const buyerEmail = uniqueEmail('buyer');
    await buyer(store, buyerEmail);
    const claimed = mailbox('claimed');
    // The first code's one gift, and the store's second of the day.
    expect((await claim(store, first.code, `${claimed}@example.com`)).statusCode).toBe(200);
    expect((await claim(store, second.code, uniqueEmail('friend'))).statusCode).toBe(200);

    const probes: [ReferralReason, string, string][] = [
      ['self_referral', third.code, third.inviter.email.replace('@', '+me@')],
      ['existing_customer', third.code, buyerEmail.toUpperCase()],
      ['already_claimed', third.code, `${claimed}+again@example.com`],
      ['code_cap', first.code, uniqueEmail('friend')],
      ['daily_cap', third.code, uniqueEmail('friend')],
    ];
    const after = ctx.smtp.messages.length;
    const answers: Awaited<ReturnType<typeof claim>>[] = [];
    const work: string[][] = [];
    for (const [, code, email] of probes) {
      repository.calls.length = 0;
      answers.push(await claim(store, code, email, uniqueIp(), 'ar'));
      work.push(
        repository.calls.filter((c) => c.merchantId === store.merchantId).map((c) => c.name),
      );
    }
    // Each answer names its own request; everything else is the same.
    const body = (answer: (typeof answers)[number]) => ({ ...answer.json(), requestId: 'one' });
    for (const answer of answers) {
      expect(answer.statusCode).toBe(409);
      expect(Object.keys(answer.json()).sort()).toEqual(Object.keys(answers[0]!.json()).sort());
      expect(body(answer)).toEqual(body(answers[0]!));
      expect(answer.headers['content-type']).toBe(answers[0]!.headers['content-type']);
      expect(work[answers.indexOf(answer)]).toEqual(work[0]);
    }
    expect(work[0]).toEqual(
      expect.arrayContaining([
        'lockReferralSettings',
        'findCustomersByEmailKey',
        'findClaimCounts',
        'insertReferral',
      ]),
    );
    expect(answers[0]!.json()).toMatchObject({ success: false, code: 'REFERRAL_NOT_ELIGIBLE' });
    expect(answers[0]!.json().message).toMatch(/[\u0600-\u06FF]/);
    expect(
      await mailTo(
        probes.map(([, , email]) => email),
        after,
      ),
    ).toEqual([]);
    expect(couponsOf(store, 'NQF-')).toHaveLength(2);

    // The merchant sees each refusal with its real reason.
    const list = ReferralsResponseSchema.parse(
      (await merchantCall(store, 'GET', '/?status=blocked')).json(),
    );
    expect(list.data.items.map((r) => r.reason).sort()).toEqual(probes.map(([r]) => r).sort());
  });
});

describe('limits per client address', () => {
  test(`the offer answers at most ${REFERRAL_OFFER_LIMITS.perIp.limit} times an hour to one address`, async () => {
    const store = await referralStore();
    const { code } = await inviterWithCode(store);
    const ip = uniqueIp();
    const statuses = new Set<number>();
    for (let i = 0; i < REFERRAL_OFFER_LIMITS.perIp.limit; i++)
      statuses.add((await offer(store, code, ip)).statusCode);
    expect([...statuses]).toEqual([200]);
    const limited = await offer(store, code, ip);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await offer(store, code)).statusCode).toBe(200);
  });

  test(`one address makes at most ${REFERRAL_CLAIM_LIMITS.perIpDaily.limit} claims a day`, async () => {
    const store = await referralStore();
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let i = 0; i <= REFERRAL_CLAIM_LIMITS.perIpDaily.limit; i++) {
      // The hour passes (rate limits run on the database's clock), the day does not.
      if (i > 0 && i % REFERRAL_CLAIM_LIMITS.perIp.limit === 0)
        await ctx.database.db.execute(
          sql`update rate_limit_buckets set window_start = window_start - interval '61 minutes'
              where key = ${`referral-claim:ip:${ip}`}`,
        );
      statuses.push((await claim(store, 'NOSUCHCODE', uniqueEmail('farm'), ip)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('claims made before keys', () => {
  /** This change's hand-written SQL (its number changes on merge), for one store only. */
  async function keyOldClaims(merchantId: number) {
    const folder = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_referral_farming.sql'))!;
    const handWritten = readFileSync(new URL(file, folder), 'utf8').split('-- hand-written')[1]!;
    const referralStatements = handWritten
      .split('--> statement-breakpoint')
      .filter((statement) => !statement.includes('shopper_codes'));
    expect(referralStatements).toHaveLength(2);
    for (const statement of referralStatements) {
      const mine = statement
        .replace(
          "WHERE status <> 'blocked'",
          `WHERE status <> 'blocked' AND merchant_id = ${merchantId}`,
        )
        .replace(
          "WHERE status = 'blocked'",
          `WHERE status = 'blocked' AND merchant_id = ${merchantId}`,
        );
      expect(mine).toContain(String(merchantId));
      await ctx.database.db.execute(sql.raw(mine));
    }
  }

  test('the first claim of a farmed mailbox keeps it, later open ones are blocked, settled ones stay as history', async () => {
    const store = await referralStore();
    const { inviter, code } = await inviterWithCode(store);
    const name = mailbox('legacy');
    const other = uniqueEmail('legacy');
    async function old(
      email: string,
      minutesAgo: number,
      values: Partial<typeof referrals.$inferInsert> = {},
    ) {
      const [row] = await ctx.database.db
        .insert(referrals)
        .values({
          merchantId: store.merchantId,
          code,
          inviterCustomerId: inviter.facts.id,
          friendEmail: email,
          status: 'pending',
          friendType: 'fixed',
          friendValue: 5,
          inviterType: 'fixed',
          inviterValue: 5,
          claimedAt: new Date(Date.now() - minutesAgo * 60_000),
          ...values,
        })
        .returning();
      return row!.id;
    }
    const ids = {
      firstOpen: await old(`${name}+1@example.com`, 50),
      paid: await old(`${name}+2@example.com`, 40, {
        status: 'completed',
        completedAt: new Date(),
      }),
      laterOpen: await old(`${name}+3@example.com`, 30),
      paying: await old(`${name}+4@example.com`, 20, { inviterCouponStatus: 'pending' }),
      refused: await old(`${name}+5@example.com`, 10, {
        status: 'blocked',
        reason: 'self_referral',
      }),
      alone: await old(other, 5),
    };
    await keyOldClaims(store.merchantId);

    const rows = new Map((await referralRows(store)).map((r) => [r.id, r]));
    const key = `${name}@example.com`;
    expect(rows.get(ids.paid)).toMatchObject({ status: 'completed', friendEmailKey: key });
    for (const id of [ids.firstOpen, ids.laterOpen])
      expect(rows.get(id)).toMatchObject({
        status: 'blocked',
        reason: 'already_claimed',
        friendEmailKey: key,
      });
    expect(rows.get(ids.paying)).toMatchObject({ status: 'pending', friendEmailKey: null });
    expect(rows.get(ids.refused)).toMatchObject({ status: 'blocked', friendEmailKey: key });
    expect(rows.get(ids.alone)).toMatchObject({ status: 'pending', friendEmailKey: other });

    // The mailbox has had its gift; the unrelated friend still counts as theirs.
    const res = await claim(store, code, `${name}+6@example.com`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'REFERRAL_NOT_ELIGIBLE']);
    expect((await claim(store, code, other.toUpperCase())).statusCode).toBe(409);
    const [latest] = await ctx.database.db
      .select()
      .from(referrals)
      .where(eq(referrals.friendEmail, other.toLowerCase()))
      .orderBy(sql`${referrals.claimedAt} desc`)
      .limit(1);
    expect(latest).toMatchObject({ status: 'blocked', reason: 'already_claimed' });
  });
});
