import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { webhooks } from '@nuqat/salla-sandbox';
import { REWARD_USAGE_STATUSES, SHOPPER_HISTORY_LIMIT } from '@nuqat/contracts';
import {
  customers,
  earnActions,
  orders,
  pointsLedger,
  pointsLots,
  redemptions,
  referralCodes,
  referrals,
  rewards,
} from '../../db/schema/index.ts';
import {
  createEngineContext,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueEmail } from '../../test/test-app.ts';
import { creditPoints, findCustomer } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import { findReferralCoupons, referralCouponFromRow } from '../referrals/index.ts';
import { insertReward, type RewardValues } from '../rewards/index.ts';
import { readShopper } from './shopper-read.repository.ts';
import { findShopperSession, insertShopperSession } from './shopper.repository.ts';

/**
 * `nuqat_shopper_read` (docs/decisions/059) answers in one round trip what the loyalty page
 * read with a query each before. Here each part is compared with that query — kept below as it
 * was — for shoppers at the edges: nothing at all; lots expiring inside and outside the window;
 * pending orders; history past its limit with equal times; the order references the history
 * names; coupons; referral coupons by id and by mailbox; claims; limited rewards' usage.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const DAY = 86_400_000;
const EXPIRING_DAYS = 30;
const COUPONS = 50;

/** The page's queries as they were, one round trip each. */
const before = {
  ledger: (merchantId: number, customerId: number) =>
    ctx.database.db
      .select()
      .from(pointsLedger)
      .where(and(eq(pointsLedger.merchantId, merchantId), eq(pointsLedger.customerId, customerId)))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(SHOPPER_HISTORY_LIMIT),
  async expiring(merchantId: number, customerId: number, now: Date) {
    const rows = await ctx.database.db
      .select({ remaining: pointsLots.remaining, expiresAt: pointsLots.expiresAt })
      .from(pointsLots)
      .where(
        and(
          eq(pointsLots.merchantId, merchantId),
          eq(pointsLots.customerId, customerId),
          gt(pointsLots.remaining, 0),
          gt(pointsLots.expiresAt, now),
          lte(pointsLots.expiresAt, new Date(now.getTime() + EXPIRING_DAYS * DAY)),
        ),
      )
      .orderBy(asc(pointsLots.expiresAt));
    return {
      points: rows.reduce((sum, r) => sum + r.remaining, 0),
      firstAt: rows[0]?.expiresAt ?? null,
    };
  },
  async pending(merchantId: number, customerId: number) {
    const [row] = await ctx.database.db
      .select({
        points: sql<string>`coalesce(sum(${orders.earnPoints} + ${orders.amountPoints}), 0)`,
      })
      .from(orders)
      .where(
        and(
          eq(orders.merchantId, merchantId),
          eq(orders.customerId, customerId),
          eq(orders.earnStatus, 'earned'),
          isNull(orders.releasedAt),
          eq(orders.cancelled, false),
          eq(orders.deleted, false),
          eq(orders.restored, false),
          eq(orders.fullyRefunded, false),
        ),
      );
    return Math.max(0, Number(row?.points ?? 0));
  },
  async orderRefs(merchantId: number, ledger: { sourceType: string; sourceId: string }[]) {
    const ids = [
      ...new Set(
        ledger
          .filter((r) => r.sourceType === 'order' || r.sourceType === 'repeat_purchase')
          .map((r) => Number(r.sourceId))
          .filter(Number.isSafeInteger),
      ),
    ];
    const found = new Map<string, string>();
    if (ids.length === 0) return found;
    const rows = await ctx.database.db
      .select({ id: orders.id, referenceId: orders.referenceId })
      .from(orders)
      .where(and(eq(orders.merchantId, merchantId), inArray(orders.id, ids)));
    for (const r of rows) if (r.referenceId) found.set(String(r.id), r.referenceId);
    return found;
  },
  async redemptions(merchantId: number, customerId: number) {
    const rows = await ctx.database.db
      .select({ redemption: redemptions, reward: rewards })
      .from(redemptions)
      .innerJoin(
        rewards,
        and(eq(rewards.merchantId, redemptions.merchantId), eq(rewards.id, redemptions.rewardId)),
      )
      .where(and(eq(redemptions.merchantId, merchantId), eq(redemptions.customerId, customerId)))
      .orderBy(desc(redemptions.createdAt), desc(redemptions.id))
      .limit(COUPONS);
    return rows.map((r) => ({ ...r.redemption, reward: r.reward }));
  },
  async usage(merchantId: number) {
    const limited = await ctx.database.db
      .select({ id: rewards.id })
      .from(rewards)
      .where(
        and(
          eq(rewards.merchantId, merchantId),
          isNull(rewards.deletedAt),
          sql`${rewards.maxUsage} is not null`,
        ),
      );
    if (limited.length === 0) return new Map<string, number>();
    const rows = await ctx.database.db
      .select({ rewardId: redemptions.rewardId, n: sql<number>`count(*)::int` })
      .from(redemptions)
      .where(
        and(
          eq(redemptions.merchantId, merchantId),
          inArray(
            redemptions.rewardId,
            limited.map((r) => r.id),
          ),
          inArray(redemptions.status, [...REWARD_USAGE_STATUSES]),
        ),
      )
      .groupBy(redemptions.rewardId);
    return new Map(rows.map((r) => [r.rewardId, r.n]));
  },
  async referral(merchantId: number, customerId: number) {
    const [code] = await ctx.database.db
      .select({ code: referralCodes.code })
      .from(referralCodes)
      .where(
        and(eq(referralCodes.merchantId, merchantId), eq(referralCodes.customerId, customerId)),
      );
    const [counts] = await ctx.database.db
      .select({
        invited: sql<number>`count(*) filter (where ${referrals.status} <> 'blocked')::int`,
        rewarded: sql<number>`count(*) filter (where ${referrals.status} = 'completed')::int`,
      })
      .from(referrals)
      .where(
        and(eq(referrals.merchantId, merchantId), eq(referrals.inviterCustomerId, customerId)),
      );
    return { code: code?.code ?? null, invited: counts!.invited, rewarded: counts!.rewarded };
  },
};

async function expectSameAsBefore(merchantId: number, customerId: number, sessionId?: string) {
  const now = new Date();
  const read = await readShopper(ctx.database.db, {
    merchantId,
    customerId,
    sessionId: sessionId ?? null,
    now,
    expiringUntil: new Date(now.getTime() + EXPIRING_DAYS * DAY),
    history: SHOPPER_HISTORY_LIMIT,
    coupons: COUPONS,
  });
  const db = ctx.database.db;
  const customer = await findCustomer(db, merchantId, customerId);
  expect(read.merchant).toEqual(await findMerchantById(db, merchantId));
  expect(read.customer).toEqual(customer);
  expect(read.session).toEqual(
    sessionId ? ((await findShopperSession(db, merchantId, sessionId)) ?? null) : null,
  );
  const ledger = await before.ledger(merchantId, customerId);
  const f = read.figures!;
  expect(f.ledger).toEqual(ledger);
  expect(f.orderRefs).toEqual(await before.orderRefs(merchantId, ledger));
  expect(f.expiring).toEqual(await before.expiring(merchantId, customerId, now));
  expect(f.pending).toBe(await before.pending(merchantId, customerId));
  expect(f.redemptions).toEqual(await before.redemptions(merchantId, customerId));
  expect(f.usage).toEqual(await before.usage(merchantId));
  expect(f.claims).toEqual(
    await db
      .select()
      .from(earnActions)
      .where(and(eq(earnActions.merchantId, merchantId), eq(earnActions.customerId, customerId))),
  );
  const coupons = await findReferralCoupons(db, merchantId, {
    holder: { customerId, email: customer!.email },
    now,
    limit: COUPONS,
  });
  expect(f.referralCoupons.map(referralCouponFromRow)).toEqual(coupons);
  expect(f.referral).toEqual(await before.referral(merchantId, customerId));
  return read;
}

async function credit(
  merchantId: number,
  customerId: number,
  points: number,
  extra: { expiresAt?: Date | null; sourceType?: string; sourceId?: string; at?: Date } = {},
) {
  await ctx.database.db.transaction((tx) =>
    creditPoints(tx, {
      merchantId,
      customerId,
      points,
      sourceType: extra.sourceType ?? 'manual',
      sourceId: extra.sourceId ?? randomUUID(),
      idempotencyKey: `test:${randomUUID()}`,
      kind: 'adjust',
      note: 'test grant',
      expiresAt: extra.expiresAt ?? null,
      at: extra.at ?? new Date(),
    }),
  );
}

test('one round trip answers what each of the page’s queries answered, at the edges', async () => {
  const merchantId = await setupStore(ctx, { plan: 'growth' });
  const tokens = ctx.sandbox.registerStore({
    merchantId,
    domain: `https://store-${merchantId}.example.sa`,
  });
  await deliverOk(ctx, webhooks.storeAuthorize(merchantId, tokens));
  const db = ctx.database.db;
  const newShopper = async (email: string | null) => {
    const id = randomId();
    await db.insert(customers).values({ merchantId, id, firstName: 'سارة', lastName: 'x', email });
    return id;
  };
  const now = Date.now();

  // Nobody: no row anywhere but the customer's.
  const empty = await newShopper(uniqueEmail('empty'));
  const emptyRead = await expectSameAsBefore(merchantId, empty);
  expect(emptyRead.figures).toMatchObject({ ledger: [], pending: 0, redemptions: [] });

  // Someone with a bit of everything.
  const email = uniqueEmail('rich');
  const rich = await newShopper(email);
  const orderOf = (ref: string | null, extra: Partial<typeof orders.$inferInsert> = {}) => ({
    merchantId,
    id: randomId(),
    customerId: rich,
    referenceId: ref,
    earnStatus: 'earned' as const,
    earnPoints: 5,
    amountPoints: 7,
    ...extra,
  });
  const placed = [
    orderOf('R-1001'),
    orderOf(null),
    orderOf('R-1003', { releasedAt: new Date() }),
    orderOf('R-1004', { cancelled: true }),
    orderOf('R-1005', { earnStatus: 'pending' }),
  ];
  await db.insert(orders).values(placed);
  await credit(merchantId, rich, 200, { expiresAt: new Date(now + 5 * DAY) });
  await credit(merchantId, rich, 15, { expiresAt: new Date(now + 12 * DAY) });
  await credit(merchantId, rich, 60, { expiresAt: new Date(now + 45 * DAY) });
  await credit(merchantId, rich, 9, { expiresAt: new Date(now - DAY) }); // not yet expired by the job
  await credit(merchantId, rich, 30, { sourceType: 'order', sourceId: String(placed[0]!.id) });
  await credit(merchantId, rich, 20, { sourceType: 'order', sourceId: String(placed[1]!.id) });
  await credit(merchantId, rich, 25, {
    sourceType: 'repeat_purchase',
    sourceId: String(placed[2]!.id),
  });
  await credit(merchantId, rich, 500);
  const rewardValues: RewardValues = {
    name: 'محدود',
    type: 'fixed_discount',
    pointsRequired: 45,
    value: 10,
    description: 'على طلبك القادم',
    isActive: true,
    maxUsage: 5,
    minOrderAmount: 0,
    freeProducts: [],
    couponValidDays: 30,
  };
  const limited = await insertReward(db, merchantId, rewardValues);
  const unlimited = await insertReward(db, merchantId, {
    ...rewardValues,
    name: 'مفتوح',
    maxUsage: null,
  });
  const redeem = (rewardId: string) =>
    ctx.app.services.redemptions.redeemReward({
      merchantId,
      customerId: rich,
      rewardId,
      lang: 'en',
    });
  await redeem(limited.id); // takes the soonest-expiring lots first, the first one partly
  await redeem(limited.id);
  await redeem(unlimited.id);
  await db.insert(earnActions).values([
    {
      merchantId,
      customerId: rich,
      action: 'follow_instagram',
      points: 10,
      claimedAt: new Date(),
      availableAt: new Date(now + 2 * DAY),
    },
    {
      merchantId,
      customerId: rich,
      action: 'newsletter',
      points: 5,
      claimedAt: new Date(),
      availableAt: new Date(),
      creditedAt: new Date(),
    },
  ] as (typeof earnActions.$inferInsert)[]);
  await db
    .insert(referralCodes)
    .values({ merchantId, customerId: rich, code: `RICH${randomId()}` });
  const friend = await newShopper(uniqueEmail('friend'));
  const referral = (extra: Partial<typeof referrals.$inferInsert>) => ({
    merchantId,
    code: 'X',
    status: 'completed' as const,
    friendType: 'fixed' as const,
    friendValue: 10,
    inviterType: 'percentage' as const,
    inviterValue: 15,
    ...extra,
  });
  const [local, domain] = email.split('@') as [string, string];
  await db.insert(referrals).values([
    // As the inviter: a reward issued, one still pending, one without a coupon, one blocked.
    referral({
      inviterCustomerId: rich,
      friendCustomerId: friend,
      friendEmail: uniqueEmail('f1'),
      inviterCouponStatus: 'issued',
      inviterCouponCode: 'INV-1',
      inviterCouponExpiresAt: new Date(now + 20 * DAY),
      completedAt: new Date(),
    }),
    referral({
      status: 'pending',
      inviterCustomerId: rich,
      friendEmail: uniqueEmail('f2'),
      inviterCouponStatus: 'pending',
    }),
    referral({ status: 'pending', inviterCustomerId: rich, friendEmail: uniqueEmail('f3') }),
    referral({
      status: 'blocked',
      inviterCustomerId: rich,
      friendEmail: uniqueEmail('f4'),
      friendCouponStatus: 'issued',
      friendCouponCode: 'BLK',
    }),
    // As the friend: by their id, and by their mailbox written another way.
    referral({
      inviterCustomerId: friend,
      friendCustomerId: rich,
      friendEmail: uniqueEmail('f5'),
      friendCouponStatus: 'used',
      friendCouponCode: 'FR-1',
      friendUsedOrderId: placed[0]!.id,
    }),
    referral({
      status: 'pending',
      inviterCustomerId: friend,
      friendEmail: `${local.toUpperCase()}+gift@${domain}`,
      friendCouponStatus: 'issued',
      friendCouponCode: 'FR-2',
      friendCouponExpiresAt: new Date(now + 3 * DAY),
    }),
  ] as (typeof referrals.$inferInsert)[]);
  await db.update(rewards).set({ deletedAt: new Date() }).where(eq(rewards.id, unlimited.id));
  const session = await insertShopperSession(db, {
    merchantId,
    customerId: rich,
    expiresAt: new Date(now + DAY),
  });

  const richRead = await expectSameAsBefore(merchantId, rich, session.id);
  expect(richRead.figures!.expiring.points).toBeGreaterThan(0);
  expect(richRead.figures!.pending).toBe(24); // the first two orders
  expect(richRead.figures!.orderRefs.size).toBe(2);
  expect(richRead.figures!.redemptions).toHaveLength(3);
  expect(richRead.figures!.usage.get(limited.id)).toBe(2);
  expect(richRead.figures!.referralCoupons).toHaveLength(4);
  expect(richRead.figures!.referral).toMatchObject({ invited: 3, rewarded: 1 });
  expect(richRead.session?.id).toBe(session.id);
  await expectSameAsBefore(merchantId, friend);
  // A session of another store, or none by that id: no session.
  await expectSameAsBefore(merchantId, rich, randomUUID());

  // No e-mail: friend coupons by id only. And more history than the page shows, at one time.
  const noEmail = await newShopper(null);
  const at = new Date();
  for (let i = 0; i < SHOPPER_HISTORY_LIMIT + 20; i++) await credit(merchantId, noEmail, 1, { at });
  const long = await expectSameAsBefore(merchantId, noEmail);
  expect(long.figures!.ledger).toHaveLength(SHOPPER_HISTORY_LIMIT);

  // Unknown store or shopper: their rows absent, nothing else read.
  const unknown = await readShopper(db, {
    merchantId,
    customerId: randomId(),
    sessionId: null,
    now: new Date(),
    expiringUntil: new Date(),
    history: 1,
    coupons: 1,
  });
  expect(unknown).toMatchObject({ customer: null, figures: null });
  expect(unknown.merchant?.id).toBe(merchantId);
  await expectLedgerInvariant(ctx, merchantId);
});
