import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ImportResultSchema, type ImportResult } from '@nuqat/contracts';
import { webhooks, type CustomerFacts } from '@nuqat/salla-sandbox';
import { pointsLedger } from '../../db/schema/index.ts';
import {
  balanceOf,
  createEngineContext,
  deliverOk,
  expectLedgerInvariant,
  randomId,
  type EngineContext,
} from '../../test/engine-support.ts';
import { signedInStore, type SignedInStore } from '../../test/test-app.ts';

/**
 * Opening balances (docs/decisions/017, 029): one per shopper whatever files are imported and
 * however they race, the loser told which rows it left, and shoppers found by their e-mail's
 * key (case, +tag, Gmail dots) as every identity check does.
 */

let ctx: EngineContext;
beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

const store = (): Promise<SignedInStore> =>
  signedInStore(ctx, {
    plan: 'growth',
    subscriptionStatus: 'active',
    subscriptionExpiresAt: new Date(Date.now() + 365 * 86_400_000),
  });

async function shoppers(s: SignedInStore, n: number): Promise<CustomerFacts[]> {
  const base = randomId() % 1_000_000_000;
  const made: CustomerFacts[] = [];
  for (let i = 0; i < n; i++) {
    const c: CustomerFacts = {
      id: base + i,
      firstName: 'Nouf',
      lastName: `Import${i}`,
      email: `nouf.import${base + i}@gmail.com`,
    };
    await deliverOk(ctx, webhooks.customerCreated(s.merchantId, c));
    made.push(c);
  }
  return made;
}

async function importCsv(s: SignedInStore, csv: string, dryRun: 0 | 1): Promise<ImportResult> {
  const res = await ctx.server.inject({
    method: 'POST',
    url: `/api/merchants/customers/import?dryRun=${dryRun}`,
    headers: { authorization: s.authorization, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ImportResultSchema.parse(res.json().data);
}

async function openingBalances(merchantId: number, customerId: number) {
  return ctx.database.db
    .select()
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.merchantId, merchantId),
        eq(pointsLedger.customerId, customerId),
        eq(pointsLedger.kind, 'import'),
      ),
    );
}

/** Another spelling of the same Gmail mailbox: dots moved, upper case, a +tag. */
const respelled = (email: string) => {
  const [local, domain] = email.split('@') as [string, string];
  return `${local.replaceAll('.', '').toUpperCase()}+old-app@${domain.replace('gmail', 'GoogleMail')}`;
};

describe('opening balances under concurrency', () => {
  test('two different files imported at once give each shopper one opening balance, and the loser says which rows it left', async () => {
    const s = await store();
    for (let round = 0; round < 8; round++) {
      const people = await shoppers(s, 3);
      // The same shoppers: by Salla id in one file, by e-mail (in capitals) in the other.
      const byId = `customer_id,points\r\n${people.map((p) => `${p.id},100`).join('\r\n')}\r\n`;
      const byEmail = `email,points\r\n${people.map((p) => `${p.email!.toUpperCase()},250`).join('\r\n')}\r\n`;
      const [a, b] = await Promise.all([importCsv(s, byId, 0), importCsv(s, byEmail, 0)]);

      for (const p of people) {
        const rows = await openingBalances(s.merchantId, p.id);
        expect(rows, `round ${round}, shopper ${p.id}`).toHaveLength(1);
        expect(await balanceOf(ctx, s.merchantId, p.id)).toBe(rows[0]!.delta);
      }
      // Each report says what it wrote, and names every row it left with the reason.
      expect(a.good + b.good, `round ${round}`).toBe(people.length);
      for (const report of [a, b]) {
        const left = report.problems.filter((p) => p.problem === 'already_imported');
        expect(left).toHaveLength(people.length - report.good);
        expect(report.problems).toHaveLength(left.length);
        expect(report.points).toBe(report.good * (report === a ? 100 : 250));
      }
      const credited = await Promise.all(people.map((p) => balanceOf(ctx, s.merchantId, p.id)));
      expect(credited.reduce((sum, n) => sum + n, 0)).toBe(a.points + b.points);
    }
    await expectLedgerInvariant(ctx, s.merchantId);
  });

  test('the same file applied twice at once writes it once', async () => {
    const s = await store();
    const people = await shoppers(s, 4);
    const file = `customer_id,points\r\n${people.map((p) => `${p.id},40`).join('\r\n')}\r\n`;
    const reports = await Promise.all([importCsv(s, file, 0), importCsv(s, file, 0)]);
    expect(reports.map((r) => r.good).sort()).toEqual([0, 4]);
    for (const p of people) expect(await openingBalances(s.merchantId, p.id)).toHaveLength(1);
    await expectLedgerInvariant(ctx, s.merchantId);
  });
});

describe('shoppers found by e-mail', () => {
  test("an e-mail matches the shopper's address in any case, with a +tag, and Gmail's dots and googlemail.com", async () => {
    const s = await store();
    const [nouf] = await shoppers(s, 1);
    const file = `email,points\r\n${respelled(nouf!.email!)},70\r\n`;
    const dry = await importCsv(s, file, 1);
    expect(dry).toMatchObject({ good: 1, points: 70, problems: [] });
    expect(await importCsv(s, file, 0)).toMatchObject({ good: 1, points: 70 });
    expect(await balanceOf(ctx, s.merchantId, nouf!.id)).toBe(70);
  });

  test('an e-mail two shoppers share (one mailbox, two Salla accounts) is not guessed', async () => {
    const s = await store();
    const base = randomId() % 1_000_000_000;
    const twins: CustomerFacts[] = [
      { id: base, firstName: 'A', lastName: 'B', email: `ab.twin${base}@gmail.com` },
      { id: base + 1, firstName: 'A', lastName: 'B', email: `a.b.twin${base}@gmail.com` },
    ];
    for (const c of twins) await deliverOk(ctx, webhooks.customerCreated(s.merchantId, c));
    const file = `customer_id,email,points\r\n,abtwin${base}@gmail.com,10\r\n${base + 1},,20\r\n`;
    const result = await importCsv(s, file, 0);
    expect(result).toMatchObject({ good: 1, points: 20 });
    expect(result.problems).toEqual([
      { line: 2, problem: 'ambiguous_shopper', value: `abtwin${base}@gmail.com` },
    ]);
    expect(await balanceOf(ctx, s.merchantId, base)).toBe(0);
  });
});
