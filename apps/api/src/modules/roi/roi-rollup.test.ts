import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import {
  balanceOf,
  createEngineContext,
  customerFacts,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { debitPoints } from '../engine/index.ts';

// The return's kept sums (docs/decisions/058): the members' points outstanding and each month's
// per-arm sums, kept by triggers and a fold, must equal the sums over the rows they stand for —
// after earns, redemptions, expiry and clawback, folded or not.

let ctx: EngineContext;
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

beforeAll(async () => {
  // Its expiry step runs the store-wide expiry job 35 days ahead: on a database of its own, so
  // that it expires no other suite's points.
  ctx = await createEngineContext({ ownDatabase: true });
});
afterAll(async () => {
  await ctx?.close();
});

/** Shoppers' ids in the control group (bucket below percent × 100) and in the members' group. */
async function pickIds(merchantId: number, percent: number, each: number) {
  const control: number[] = [];
  const member: number[] = [];
  while (control.length < each || member.length < each) {
    const id = randomId();
    const r = await ctx.database.db.execute(
      sql`select nuqat_holdout_bucket(${merchantId}, ${id}) as b`,
    );
    const b = Number(rows<{ b: number }>(r)[0]!.b);
    if (b < percent * 100) {
      if (control.length < each) control.push(id);
    } else if (member.length < each) member.push(id);
  }
  return { control, member };
}

/** The sums the way the ROI answer computed them before they were kept: over every row (an arm whose points add up to 0 left out: it sums to 0 either way). */
async function fromTheRows(merchantId: number) {
  const points = rows<{ arm: string; points: string }>(
    await ctx.database.db.execute(sql`
      select holdout_arm as arm, sum(points_balance)::text as points from customers
       where merchant_id = ${merchantId} and holdout_arm is not null
       group by 1 having sum(points_balance) <> 0 order by 1`),
  );
  const months = rows<Record<string, string>>(
    await ctx.database.db.execute(sql`
      select month::text, arm, count(*) filter (where orders > 0)::text as buyers,
             sum(orders)::text as orders, sum(orders::numeric * orders)::text as orders_sq,
             sum(sales_halalas)::text as sales, sum(sales_halalas::numeric * sales_halalas)::text as sales_sq,
             count(*) filter (where orders >= 2)::text as repeaters,
             sum(coupon_discount_halalas)::text as coupon, sum(referral_discount_halalas)::text as referral
        from roi_shopper_months where merchant_id = ${merchantId} group by 1, 2 order by 1, 2`),
  );
  return { points, months };
}

/** The kept sums: the folded rows plus the differences not folded yet (an arm at 0 left out, as above). */
async function kept(merchantId: number) {
  const points = rows<{ arm: string; points: string }>(
    await ctx.database.db.execute(sql`
      select arm, sum(points)::text as points from (
        select arm, points from roi_arm_points where merchant_id = ${merchantId}
        union all
        select arm, points from roi_pending where merchant_id = ${merchantId} and month is null) s
       group by 1 having sum(points) <> 0 order by 1`),
  );
  const months = rows<Record<string, string>>(
    await ctx.database.db.execute(sql`
      select month::text, arm, sum(buyers)::text as buyers, sum(orders)::text as orders,
             sum(orders_sq)::text as orders_sq, sum(sales_halalas)::text as sales,
             sum(sales_sq)::text as sales_sq, sum(repeaters)::text as repeaters,
             sum(coupon_discount_halalas)::text as coupon,
             sum(referral_discount_halalas)::text as referral
        from (select month, arm, buyers, orders, orders_sq, sales_halalas, sales_sq, repeaters,
                     coupon_discount_halalas, referral_discount_halalas
                from roi_arm_months where merchant_id = ${merchantId}
              union all
              select month, arm, buyers, orders, orders_sq, sales_halalas, sales_sq, repeaters,
                     coupon_discount_halalas, referral_discount_halalas
                from roi_pending where merchant_id = ${merchantId} and month is not null) s
       group by 1, 2 order by 1, 2`),
  );
  return { points, months };
}

/** Kept = from the rows, before and after a fold; and the ROI answer's outstanding points too. */
async function expectKeptEqualsRows(merchantId: number) {
  const reference = await fromTheRows(merchantId);
  expect(await kept(merchantId)).toEqual(reference);
  await ctx.app.services.roi.fold();
  expect(await kept(merchantId)).toEqual(reference);
  const pending = rows<{ n: number }>(
    await ctx.database.db.execute(
      sql`select count(*)::int as n from roi_pending where merchant_id = ${merchantId}`,
    ),
  );
  expect(pending[0]!.n).toBe(0);
  // The shoppers held out now (the settings' figure), kept the same way.
  const held = rows<{ n: number; kept: number }>(
    await ctx.database.db.execute(sql`
      select (select count(*) from customers where merchant_id = ${merchantId}
                 and holdout_arm = 'control' and holdout_released_at is null)::int as n,
             (select coalesce(sum(held_out), 0) from roi_arm_points
               where merchant_id = ${merchantId} and arm = 'control')::int as kept`),
  )[0]!;
  expect(held.kept).toBe(held.n);
  const settings = await ctx.app.services.holdout.getSettings(merchantId);
  expect(settings.heldOut).toBe(settings.status === 'running' ? held.n : 0);
  const members = reference.points.find((p) => p.arm === 'member');
  for (const month of new Set(reference.months.map((m) => m.month!.slice(0, 7)))) {
    const roi = await ctx.app.services.roi.getRoi(merchantId, month);
    expect(roi.cost?.outstandingPoints).toBe(Number(members?.points ?? 0));
    const m = reference.months.find((r) => r.month!.startsWith(month) && r.arm === 'member');
    if (m) expect(roi.members?.orders).toBe(Number(m.orders));
  }
  return reference;
}

describe("the return's kept sums (decision 058)", () => {
  test('equal the sums over the rows after earns, redemptions, expiry, clawback and the end', async () => {
    const merchantId = await setupStore(ctx, {
      rules: { 'order.created': { points: 100 }, signup: { points: 10 } },
      expiryDays: 30,
    });
    await ctx.app.services.holdout.start(merchantId, 20);
    const { control, member } = await pickIds(merchantId, 20, 3);
    const facts = (id: number): CustomerFacts => customerFacts({ id });
    const t0 = ctx.clock.now();
    const placed: { id: number; customer: CustomerFacts; total: number; status: string }[] = [];
    // Earns: every shopper signs up and buys twice (the control group earns nothing).
    for (const id of [...member, ...control]) {
      await deliverOk(ctx, webhooks.customerCreated(merchantId, facts(id), t0));
      for (const total of [150, 250]) {
        const order = { id: randomId(), customer: facts(id), total, status: 'completed' };
        placed.push(order);
        await deliverOk(ctx, webhooks.orderCreated(merchantId, order, t0));
      }
    }
    expect(await balanceOf(ctx, merchantId, member[0]!)).toBe(210);
    expect(await balanceOf(ctx, merchantId, control[0]!)).toBe(0);
    const first = await expectKeptEqualsRows(merchantId);
    expect(first.points).toEqual([{ arm: 'member', points: String(3 * 210) }]);
    expect(first.months.map((m) => [m.arm, m.orders, m.repeaters])).toEqual([
      ['control', '6', '3'],
      ['member', '6', '3'],
    ]);

    // A redemption.
    await ctx.database.db.transaction((tx) =>
      debitPoints(tx, {
        merchantId,
        customerId: member[0]!,
        points: 120,
        kind: 'redeem',
        sourceType: 'redemption',
        sourceId: 'roi-rollup',
        idempotencyKey: `redeem:roi-rollup:${member[0]}`,
        at: t0,
      }),
    );
    expect(await balanceOf(ctx, merchantId, member[0]!)).toBe(90);
    await expectKeptEqualsRows(merchantId);

    // Clawback: a member's order cancelled after its points were spent (what is left is taken),
    // and a control shopper's order cancelled (no points, but the month's sums change).
    const spent = placed.find((o) => o.customer.id === member[0])!;
    await deliverOk(ctx, webhooks.orderCancelled(merchantId, spent, new Date(t0.getTime() + 1000)));
    const held = placed.find((o) => o.customer.id === control[0])!;
    await deliverOk(ctx, webhooks.orderCancelled(merchantId, held, new Date(t0.getTime() + 1000)));
    await ctx.app.services.debts.idle();
    expect(await balanceOf(ctx, merchantId, member[0]!)).toBe(0);
    const clawed = await expectKeptEqualsRows(merchantId);
    expect(clawed.points).toEqual([{ arm: 'member', points: String(2 * 210) }]);
    expect(clawed.months.map((m) => [m.arm, m.orders, m.repeaters])).toEqual([
      ['control', '5', '2'],
      ['member', '5', '2'],
    ]);

    // Expiry: 35 days on, every lot left expires.
    const day = 86_400_000;
    try {
      ctx.clock.advance(35 * day);
      await ctx.app.services.jobs.runExpiry();
      expect(await balanceOf(ctx, merchantId, member[1]!)).toBe(0);
      const expired = await expectKeptEqualsRows(merchantId);
      expect(expired.points).toEqual([]);
    } finally {
      ctx.clock.advance(-35 * day);
    }
    await expectLedgerInvariant(ctx, merchantId);
    expect((await ctx.app.services.holdout.getSettings(merchantId)).heldOut).toBe(3);

    // The end enrols the control group: none held out any more; a restart holds out new ones.
    await ctx.app.services.holdout.end(merchantId, false);
    await expectKeptEqualsRows(merchantId);
    await ctx.app.services.holdout.start(merchantId, 20);
    const later = await pickIds(merchantId, 20, 1);
    for (const id of [...later.control, ...later.member])
      await deliverOk(ctx, webhooks.customerCreated(merchantId, facts(id), t0));
    await expectKeptEqualsRows(merchantId);
    expect((await ctx.app.services.holdout.getSettings(merchantId)).heldOut).toBe(1);
  });

  test('the rebuild gives the same sums as the triggers kept', async () => {
    const merchantId = await setupStore(ctx, { rules: { 'order.created': { points: 40 } } });
    await ctx.app.services.holdout.start(merchantId, 20);
    const { control, member } = await pickIds(merchantId, 20, 2);
    for (const id of [...member, ...control]) {
      const order = {
        id: randomId(),
        customer: customerFacts({ id }),
        total: 99,
        status: 'completed',
      };
      await deliverOk(ctx, webhooks.orderCreated(merchantId, order));
    }
    const before = await kept(merchantId);
    expect(before).toEqual(await fromTheRows(merchantId));
    await ctx.database.db.execute(sql`select nuqat_roi_rebuild(${merchantId})`);
    expect(await kept(merchantId)).toEqual(before);
  });
});
