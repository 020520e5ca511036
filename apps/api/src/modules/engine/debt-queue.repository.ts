import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../../db/client.ts';
import { debtRecoveries } from '../../db/schema/index.ts';

/** The queue of shoppers whose debt may be recovered from their coupons (docs/decisions/027). */

export interface RecoveryClaim {
  merchantId: number;
  customerId: number;
  generation: number;
  attempts: number;
  token: string;
}

/**
 * Queues the shopper's recovery, due at once (`at`: the service clock, not the event's time), on
 * the caller's executor (inside the transaction
 * that made the debt, so the row exists exactly when the debt does). A row already there is made
 * pending again with a new generation: a run that began before this cause does not close it.
 */
export async function enqueueDebtRecovery(
  db: Executor,
  input: { merchantId: number; customerId: number; at: Date },
): Promise<void> {
  await db
    .insert(debtRecoveries)
    .values({
      merchantId: input.merchantId,
      customerId: input.customerId,
      nextAttemptAt: input.at,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .onConflictDoUpdate({
      target: [debtRecoveries.merchantId, debtRecoveries.customerId],
      set: {
        status: 'pending',
        generation: sql`${debtRecoveries.generation} + 1`,
        attempts: 0,
        nextAttemptAt: sql`least(${debtRecoveries.nextAttemptAt}, excluded.next_attempt_at)`,
        lastError: null,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Claims due rows (of one store, or of all) under a lease: `for update skip locked`, so any
 * number of instances may claim at once and each row goes to one of them.
 */
export async function claimDueRecoveries(
  db: Executor,
  options: { now: Date; leaseUntil: Date; token: string; limit: number; merchantId?: number },
): Promise<RecoveryClaim[]> {
  const now = options.now.toISOString();
  const store =
    options.merchantId === undefined ? sql`` : sql`and r.merchant_id = ${options.merchantId}`;
  const result = await db.execute(sql`
    update ${debtRecoveries} t
    set locked_until = ${options.leaseUntil.toISOString()}::timestamptz,
        claim_token = ${options.token}::uuid,
        updated_at = ${now}::timestamptz
    where (t.merchant_id, t.customer_id) in (
      select r.merchant_id, r.customer_id from ${debtRecoveries} r
      where r.status = 'pending'
        and r.next_attempt_at <= ${now}::timestamptz
        and (r.locked_until is null or r.locked_until <= ${now}::timestamptz)
        ${store}
      order by r.next_attempt_at
      limit ${options.limit}
      for update skip locked
    )
    returning t.merchant_id, t.customer_id, t.generation, t.attempts`);
  return rowsOf<{
    merchant_id: string | number;
    customer_id: string | number;
    generation: number;
    attempts: number;
  }>(result).map((r) => ({
    merchantId: Number(r.merchant_id),
    customerId: Number(r.customer_id),
    generation: Number(r.generation),
    attempts: Number(r.attempts),
    token: options.token,
  }));
}

/**
 * Ends a claim: `done` or `failed` close the row, `retry` makes it due again later. A row whose
 * generation moved on meanwhile (a new cause) stays pending, due now, its tries counted afresh.
 * Nothing happens when the lease was lost to another worker (another token).
 */
export async function settleRecovery(
  db: Executor,
  claim: RecoveryClaim,
  outcome:
    | { status: 'done'; at: Date }
    | { status: 'failed'; at: Date; error: string }
    | { status: 'retry'; at: Date; nextAttemptAt: Date; error: string },
): Promise<void> {
  const at = outcome.at.toISOString();
  const same = sql`${debtRecoveries.generation} = ${claim.generation}`;
  const closed = outcome.status === 'retry' ? 'pending' : outcome.status;
  const next = outcome.status === 'retry' ? outcome.nextAttemptAt.toISOString() : at;
  const error = outcome.status === 'done' ? null : outcome.error.slice(0, 200);
  await db.execute(sql`
    update ${debtRecoveries}
    set status = case when ${same} then ${closed} else 'pending' end,
        attempts = case when ${same} then ${outcome.status === 'retry' ? claim.attempts + 1 : claim.attempts} else 0 end,
        next_attempt_at = case when ${same} then ${next}::timestamptz else ${at}::timestamptz end,
        last_error = ${error},
        locked_until = null,
        claim_token = null,
        updated_at = ${at}::timestamptz
    where merchant_id = ${claim.merchantId} and customer_id = ${claim.customerId}
      and claim_token = ${claim.token}::uuid`);
}

/** The shopper's recovery row, if any (tests, the account screen). */
export async function findDebtRecovery(
  db: Executor,
  merchantId: number,
  customerId: number,
): Promise<typeof debtRecoveries.$inferSelect | undefined> {
  const rows = await db
    .select()
    .from(debtRecoveries)
    .where(
      sql`${debtRecoveries.merchantId} = ${merchantId} and ${debtRecoveries.customerId} = ${customerId}`,
    );
  return rows[0];
}
