import { normaliseStoredMobile } from '@nuqat/contracts';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { customers, shopperCodes, shopperSessions } from '../../db/schema/index.ts';

export type ShopperCodeRow = typeof shopperCodes.$inferSelect;
export type ShopperSessionRow = typeof shopperSessions.$inferSelect;

/**
 * The store's customer whose e-mail is this mailbox (`key`: `emailKey()` of what the shopper
 * typed, so case, a +tag or Gmail dots do not matter), with the address Salla gave for them. Two
 * customers of one mailbox: the one whose address is exactly `typed`, else nobody.
 */
export async function findCustomerByEmailKey(
  db: Executor,
  merchantId: number,
  key: string,
  typed: string,
): Promise<{ id: number; email: string } | null> {
  const rows = await db
    .select({ id: customers.id, email: customers.email })
    .from(customers)
    .where(
      and(eq(customers.merchantId, merchantId), sql`nuqat_email_key(${customers.email}) = ${key}`),
    )
    .limit(10);
  const matches = rows.filter((r): r is { id: number; email: string } => r.email !== null);
  if (matches.length === 1) return matches[0]!;
  const exact = matches.filter((r) => r.email.trim().toLowerCase() === typed);
  return exact.length === 1 ? exact[0]! : null;
}

/**
 * The store's customer with this mobile (E.164), matched the way Salla stores numbers
 * (`mobile_code` + `mobile`, with or without the trunk 0): the last nine digits find the
 * candidates through `customers_mobile_idx`, the whole normalised number decides. Exactly one,
 * else nobody (two accounts on one phone: neither is guessed).
 */
export async function findCustomerByMobile(
  db: Executor,
  merchantId: number,
  mobile: string,
): Promise<{ id: number; mobile: string } | null> {
  const lastNine = mobile.replace(/\D/g, '').slice(-9);
  const rows = await db
    .select({ id: customers.id, mobile: customers.mobile, erasedAt: customers.erasedAt })
    .from(customers)
    .where(
      and(
        eq(customers.merchantId, merchantId),
        sql`right(regexp_replace(coalesce(${customers.mobile}, ''), '[^0-9]', '', 'g'), 9) = ${lastNine}`,
      ),
    )
    .limit(10);
  const matches = rows.filter(
    (r) => r.erasedAt === null && normaliseStoredMobile(r.mobile) === mobile,
  );
  return matches.length === 1 ? { id: matches[0]!.id, mobile } : null;
}

/**
 * Whether most of the store's customers have no e-mail (they signed up by mobile): read from a
 * sample of the store's newest customers, so it costs the same at a million shoppers.
 */
export async function mostCustomersWithoutEmail(
  db: Executor,
  merchantId: number,
): Promise<boolean> {
  const result = (await db.execute(sql`
    select count(*)::int as sampled, count(*) filter (where email is null or email = '')::int as without
      from (select email from customers
             where merchant_id = ${merchantId} and erased_at is null
             order by created_at desc, id desc limit 500) s`)) as unknown as {
    rows: [{ sampled: number; without: number }];
  };
  const { sampled, without } = result.rows[0];
  return sampled > 0 && without * 2 > sampled;
}

/** Ends every open code for the mailbox (one was used: the others have no purpose left). */
export async function consumeOpenShopperCodes(
  db: Executor,
  merchantId: number,
  email: string,
  at: Date,
): Promise<void> {
  await db
    .update(shopperCodes)
    .set({ consumedAt: at })
    .where(
      and(
        eq(shopperCodes.merchantId, merchantId),
        eq(shopperCodes.email, email),
        isNull(shopperCodes.consumedAt),
      ),
    );
}

export async function insertShopperCode(
  db: Executor,
  values: typeof shopperCodes.$inferInsert,
): Promise<void> {
  await db.insert(shopperCodes).values(values);
}

/** The open code a request made (its id is the request's), locked so tries count one at a time. */
export async function lockShopperCodeOfRequest(
  db: Executor,
  merchantId: number,
  email: string,
  requestId: string,
): Promise<ShopperCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(shopperCodes)
    .where(
      and(
        eq(shopperCodes.merchantId, merchantId),
        eq(shopperCodes.id, requestId),
        eq(shopperCodes.email, email),
        isNull(shopperCodes.consumedAt),
      ),
    )
    .for('update');
  return row;
}

/** The newest open code for the mailbox, locked so the try limit is exact under concurrency. */
export async function lockOpenShopperCode(
  db: Executor,
  merchantId: number,
  email: string,
): Promise<ShopperCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(shopperCodes)
    .where(
      and(
        eq(shopperCodes.merchantId, merchantId),
        eq(shopperCodes.email, email),
        isNull(shopperCodes.consumedAt),
      ),
    )
    .orderBy(desc(shopperCodes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

export async function updateShopperCode(
  db: Executor,
  merchantId: number,
  codeId: string,
  values: Partial<Pick<ShopperCodeRow, 'attempts' | 'unboundAttempts' | 'consumedAt'>>,
): Promise<void> {
  await db
    .update(shopperCodes)
    .set(values)
    .where(and(eq(shopperCodes.merchantId, merchantId), eq(shopperCodes.id, codeId)));
}

export async function insertShopperSession(
  db: Executor,
  values: { merchantId: number; customerId: number; expiresAt: Date },
): Promise<ShopperSessionRow> {
  const [row] = await db.insert(shopperSessions).values(values).returning();
  return row!;
}

export async function findShopperSession(
  db: Executor,
  merchantId: number,
  sessionId: string,
): Promise<ShopperSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(shopperSessions)
    .where(and(eq(shopperSessions.merchantId, merchantId), eq(shopperSessions.id, sessionId)))
    .limit(1);
  return row;
}

export async function revokeShopperSession(
  db: Executor,
  merchantId: number,
  sessionId: string,
  at: Date,
): Promise<void> {
  await db
    .update(shopperSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(shopperSessions.merchantId, merchantId),
        eq(shopperSessions.id, sessionId),
        isNull(shopperSessions.revokedAt),
      ),
    );
}
