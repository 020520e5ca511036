import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { merchants } from '../../db/schema/index.ts';
import { createMerchant, createTestContext, type TestContext } from '../../test/test-app.ts';
import { createHoldoutService, createMonthlyReports, createRoiService } from './index.ts';

let ctx: TestContext;

// The job walks every Growth store: a database of the suite's own, so that is these tests' stores
// (in the shared one it also walked every store the other suites made, hundreds of mails a run).
beforeAll(async () => {
  ctx = await createTestContext({}, { ownDatabase: true });
});
afterAll(async () => {
  await ctx?.close();
});

async function store(
  plan: 'growth' | 'starter',
  set: Partial<typeof merchants.$inferInsert> = {},
): Promise<{ id: number; email: string; password: string }> {
  const { merchant, email, password } = await createMerchant(ctx, {
    plan,
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });
  if (Object.keys(set).length > 0) {
    await ctx.database.db.update(merchants).set(set).where(eq(merchants.id, merchant.id));
  }
  return { id: merchant.id, email, password };
}

/** A worker as another instance would have one: its own service over the same database. */
const worker = () =>
  createMonthlyReports(
    ctx.app.context,
    createRoiService(ctx.app.context, createHoldoutService(ctx.app.context)),
  );

const mailsTo = (email: string) => ctx.smtp.messages.filter((m) => m.to.includes(email));

async function outcomeOf(merchantId: number, month: string) {
  const r = await ctx.database.db.execute(
    sql`select outcome from monthly_reports where merchant_id = ${merchantId} and month = ${month}::date`,
  );
  return (r as unknown as { rows: { outcome: string }[] }).rows[0]?.outcome ?? null;
}

describe('the monthly report e-mail (docs/decisions/050)', () => {
  test('from the 1st in Riyadh: once per Growth store and month, in its language, with the link; not to Starter or switched-off stores', async () => {
    const english = await store('growth', { language: 'en' });
    const arabic = await store('growth');
    const starter = await store('starter');
    const switchedOff = await store('growth', { monthlyReportEmail: false });

    // 23:30 on 30 November in Riyadh (20:30 UTC): still November, nothing is due.
    const before = await worker().run(new Date('2026-11-30T20:30:00Z'));
    expect(before.month).toBeNull();
    expect(mailsTo(english.email)).toHaveLength(0);

    // 00:30 on 1 December in Riyadh is 21:30 UTC on 30 November: November's report is due.
    const at = new Date('2026-11-30T21:30:00Z');
    // Two instances at once, then a restart: each store gets one mail.
    const [a, b] = await Promise.all([worker().run(at), worker().run(at)]);
    expect(a.month).toBe('2026-11');
    expect(b.month).toBe('2026-11');
    await worker().run(new Date(at.getTime() + 60 * 60 * 1000));
    await ctx.smtp.waitForMail(english.email);
    await ctx.smtp.waitForMail(arabic.email);

    expect(mailsTo(english.email)).toHaveLength(1);
    expect(mailsTo(arabic.email)).toHaveLength(1);
    expect(mailsTo(starter.email)).toHaveLength(0);
    expect(mailsTo(switchedOff.email)).toHaveLength(0);
    // Both workers ran; between them the two Growth stores' mails went once each (the suite's
    // own database holds no other store).
    expect(a.sent + b.sent).toBe(2);

    const en = mailsTo(english.email)[0]!;
    expect(en.subject).toContain('Loyalty programme report for November 2026');
    expect(en.text).toContain(`${ctx.config.publicUrl}/analytics/report/2026-11`);
    expect(en.text).toContain("the programme's true effect cannot be known");
    expect(en.html).toContain('lang="en" dir="ltr"');
    // The body is English only (the privacy line every mail ends with is in both languages).
    expect(en.text.split('\n—\n')[0]).not.toMatch(/[\u0600-\u06FF]/);

    const ar = mailsTo(arabic.email)[0]!;
    expect(ar.subject).toContain('تقرير برنامج الولاء لشهر نوفمبر 2026');
    expect(ar.text).toContain(`${ctx.config.publicUrl}/analytics/report/2026-11`);
    expect(ar.html).toContain('lang="ar" dir="rtl"');
    expect(ar.text).not.toContain('Loyalty programme');

    expect(await outcomeOf(english.id, '2026-11-01')).toBe('sent');
    expect(await outcomeOf(switchedOff.id, '2026-11-01')).toBe('switched_off');
    expect(await outcomeOf(starter.id, '2026-11-01')).toBeNull();
  });

  test('after the 3rd of the month nothing more is sent; a failed send is tried again by the next run, once', async () => {
    const late = await store('growth');
    // 00:00 on 4 December in Riyadh: the window for November's report is over.
    const after = await worker().run(new Date('2026-12-03T21:00:00Z'));
    expect(after.month).toBeNull();
    expect(await outcomeOf(late.id, '2026-11-01')).toBeNull();

    // January's report (sent in February): the SMTP server refuses once, the next run sends it.
    const at = new Date('2027-01-31T21:05:00Z');
    const failing = await store('growth', { language: 'en' });
    ctx.smtp.fail();
    const first = await worker().run(at);
    ctx.smtp.recover();
    expect(first.month).toBe('2027-01');
    expect(first.failed).toBeGreaterThan(0);
    expect(await outcomeOf(failing.id, '2027-01-01')).toBe('failed');
    // The suite's own database: every report that failed is sent by the next run, no more.
    const second = await worker().run(new Date(at.getTime() + 10 * 60 * 1000));
    expect(second.sent).toBe(first.failed);
    await ctx.smtp.waitForMail(failing.email);
    expect(await outcomeOf(failing.id, '2027-01-01')).toBe('sent');
    await worker().run(new Date(at.getTime() + 20 * 60 * 1000));
    expect(mailsTo(failing.email).filter((m) => m.subject.includes('January 2027'))).toHaveLength(
      1,
    );
  });

  test('signing in records the language the owner reads, which their mails use', async () => {
    const s = await store('growth');
    const res = await ctx.server.inject({
      method: 'POST',
      url: '/api/merchants/auth/login',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
      payload: { email: s.email, password: s.password },
      remoteAddress: '10.9.8.7',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ language: merchants.language })
      .from(merchants)
      .where(eq(merchants.id, s.id));
    expect(row!.language).toBe('en');
  });
});
