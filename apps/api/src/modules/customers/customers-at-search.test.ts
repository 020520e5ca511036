import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { customers, merchants } from '../../db/schema/index.ts';
import { hashPassword } from '../../lib/crypto.ts';
import {
  createEngineContext,
  randomId,
  setupStore,
  type EngineContext,
} from '../../test/engine-support.ts';
import { uniqueIp } from '../../test/test-app.ts';

// A search with an `@` in it goes through the reversed local parts' index and the odd rows'
// index (decision 058), not the trigrams: it must find exactly the shoppers whose search text
// (name, e-mail, mobile) contains it, as the trigram search did.

let ctx: EngineContext;

beforeAll(async () => {
  ctx = await createEngineContext();
});
afterAll(async () => {
  await ctx?.close();
});

async function signedIn(merchantId: number) {
  const password = 'at-search-pass-123';
  await ctx.database.db
    .update(merchants)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(merchants.id, merchantId));
  const [row] = await ctx.database.db
    .select({ email: merchants.email })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const res = await ctx.server.inject({
    method: 'POST',
    url: '/api/merchants/auth/login',
    payload: { email: row!.email, password },
    remoteAddress: uniqueIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return `Bearer ${res.json().data.token as string}`;
}

test('part of an e-mail finds exactly the shoppers whose search text contains it', async () => {
  const merchantId = await setupStore(ctx);
  const other = await setupStore(ctx);
  const auth = await signedIn(merchantId);
  const base = randomId() % 1_000_000_000;
  const people = [
    { firstName: 'Dana', lastName: 'Kamal', email: 'Dana.K@Shop.sa', mobile: '+966551110001' },
    { firstName: 'Dana', lastName: 'Saad', email: 'xdana.k@shop.sa', mobile: null },
    { firstName: 'Ali', lastName: 'Omar', email: 'dana.k@other.sa', mobile: '+966551110002' },
    // Odd rows: an `@` in a name or a mobile, two in an e-mail, none in an e-mail.
    { firstName: 'ana@home', lastName: 'Nasser', email: 'n@x.sa', mobile: null },
    { firstName: 'Lee', lastName: 'Park', email: 'lee@a@b.sa', mobile: null },
    { firstName: 'Mona', lastName: 'Fahad', email: null, mobile: 'mona@sms' },
    { firstName: 'Huda', lastName: 'na.k@shop', email: 'h@h.sa', mobile: null },
    { firstName: 'Sara', lastName: 'Ali', email: 'sara-at-mail', mobile: null },
    // LIKE's wildcards in an address, searched as themselves.
    { firstName: 'Per', lastName: 'Cent', email: 'a%b_c@shop.sa', mobile: null },
  ];
  for (const [i, p] of people.entries()) {
    await ctx.database.db.insert(customers).values({ merchantId, id: base + i, ...p });
    // The other store has the same shoppers: never found from this one.
    await ctx.database.db.insert(customers).values({ merchantId: other, id: base + i, ...p });
  }
  const found = async (q: string) => {
    const res = await ctx.server.inject({
      method: 'GET',
      url: `/api/merchants/customers?q=${encodeURIComponent(q)}&limit=100`,
      headers: { authorization: auth },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.items as { id: string }[])
      .map((c) => Number(c.id))
      .sort((a, b) => a - b);
  };
  const reference = async (q: string) => {
    const like = `%${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    const r = await ctx.database.db.execute(sql`
      select id from customers c where merchant_id = ${merchantId}
         and lower(c.first_name || ' ' || c.last_name || ' ' || coalesce(c.email, '') || ' ' || coalesce(c.mobile, '')) like ${like}
       order by id`);
    return (r as unknown as { rows: { id: string }[] }).rows.map((x) => Number(x.id));
  };
  const cases: [string, number[]][] = [
    ['na.k@', [0, 1, 2, 6]],
    ['na.k@sh', [0, 1, 6]],
    ['NA.K@SHOP', [0, 1, 6]],
    ['dana.k@s', [0, 1]],
    ['xdana.k@', [1]],
    ['ana@h', [3]],
    ['ana@home', [3]],
    ['lee@a', [4]],
    ['lee@a@b', [4]],
    ['ona@sms', [5]],
    ['sara@', []],
    ['b_c@shop', [8]],
    ['a%b_c@', [8]],
    ['xb_c@shop', []],
    ['nobody@', []],
  ];
  for (const [q, expected] of cases) {
    const ids = expected.map((i) => base + i);
    expect(await reference(q), q).toEqual(ids);
    expect(await found(q), q).toEqual(ids);
  }
});
