import {
  type Adjustment,
  type AdjustPointsBody,
  type ForgiveDebtBody,
  type ForgiveDebtResult,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { expiryFor } from '../engine/index.ts';
import { creditPoints, debitPoints, forgiveDebt as forgiveOwedPoints } from '../engine/index.ts';
import { lockCustomerBalance } from '../engine/index.ts';
import { findAdjustment, insertAdjustment } from './customers-adjust.repository.ts';
import { findCustomer, lockCustomer, type AdjustmentRow } from './customers.repository.ts';
import { toSummary, toAdjustment } from './customers-views.ts';
import { customerIdOf, createCustomerLookups } from './customers-lookups.ts';

/** The merchant's hand on a balance: a manual adjustment, or letting off what is owed. */
export function createCustomerAdjustService(ctx: AppContext) {
  const { db } = ctx;
  const { storeOf, tierBriefs } = createCustomerLookups(ctx);

  /**
   * The merchant lets the customer off all they owe (docs/decisions/027): one ledger row
   * (`debt_forgive:<key>`) that moves no points, once per key, under the customer's lock.
   */
  async function forgiveDebt(input: {
    merchantId: number;
    customerId: string;
    body: ForgiveDebtBody;
  }): Promise<ForgiveDebtResult> {
    const { merchantId, body } = input;
    const customerId = customerIdOf(input.customerId);
    if (customerId === null) throw new AppError('NOT_FOUND');
    const tiers = await tierBriefs(merchantId);
    return db.transaction(async (tx) => {
      if (!(await lockCustomer(tx, merchantId, customerId))) throw new AppError('NOT_FOUND');
      const result = await forgiveOwedPoints(tx, {
        merchantId,
        customerId,
        sourceType: 'debt',
        sourceId: body.idempotencyKey,
        idempotencyKey: `debt_forgive:${body.idempotencyKey}`,
        at: ctx.now(),
      });
      const customer = (await findCustomer(tx, merchantId, customerId))!;
      if (result)
        ctx.log.info({ merchantId, customerId, points: result.points }, 'points owed forgiven');
      return { forgiven: result?.points ?? 0, customer: toSummary(customer, tiers) };
    });
  }

  /**
   * One manual adjustment, once per idempotency key: the shopper's row is locked, a removal never
   * takes more than the balance (409), and the ledger row `adjust:<key>` with the reason as its
   * note is written with the audit row (who, when, the balance after) in one transaction.
   */
  async function adjust(input: {
    merchantId: number;
    sessionId: string | null;
    customerId: string;
    body: AdjustPointsBody;
  }): Promise<Adjustment> {
    const { merchantId, body } = input;
    const customerId = customerIdOf(input.customerId);
    if (customerId === null) throw new AppError('NOT_FOUND');
    const merchant = await storeOf(merchantId);
    const sameBody = (a: AdjustmentRow) =>
      a.customerId === customerId && a.points === body.points && a.reason === body.reason;
    const replay = (a: AdjustmentRow) => {
      if (!sameBody(a)) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return toAdjustment(a);
    };
    const earlier = await findAdjustment(db, merchantId, body.idempotencyKey);
    if (earlier) return replay(earlier);
    const at = ctx.now();
    const outcome = await db.transaction(async (tx) => {
      const customer = await lockCustomer(tx, merchantId, customerId);
      if (!customer) throw new AppError('NOT_FOUND');
      // A submit that raced this one and won is answered as a replay.
      const raced = await findAdjustment(tx, merchantId, body.idempotencyKey);
      if (raced) return { kind: 'replay' as const, row: raced };
      if (customer.erasedAt) throw new AppError('CUSTOMER_ERASED');
      if (body.points < 0 && customer.pointsBalance < -body.points)
        throw new AppError('ADJUSTMENT_EXCEEDS_BALANCE');
      const entry = {
        merchantId,
        customerId,
        sourceType: 'manual',
        sourceId: body.idempotencyKey,
        idempotencyKey: `adjust:${body.idempotencyKey}`,
        note: body.reason,
        at,
      };
      const row =
        body.points > 0
          ? await creditPoints(tx, {
              ...entry,
              points: body.points,
              kind: 'adjust',
              expiresAt: expiryFor(merchant, at),
            })
          : await debitPoints(tx, { ...entry, points: -body.points, kind: 'adjust' });
      // The key was taken by a concurrent submit for another shopper: theirs stands.
      if (!row) return { kind: 'lost' as const };
      const saved = await insertAdjustment(tx, {
        merchantId,
        idempotencyKey: body.idempotencyKey,
        customerId,
        points: body.points,
        reason: body.reason,
        ledgerId: row.id,
        // A credit repays what the shopper owes first (docs/decisions/027): read what is left.
        balanceAfter: (await lockCustomerBalance(tx, merchantId, customerId)) ?? 0,
        sessionId: input.sessionId,
        createdAt: at,
      });
      return { kind: 'done' as const, row: saved };
    });
    if (outcome.kind === 'lost') {
      const winner = await findAdjustment(db, merchantId, body.idempotencyKey);
      if (!winner) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      return replay(winner);
    }
    return outcome.kind === 'replay' ? replay(outcome.row) : toAdjustment(outcome.row);
  }

  return { adjust, forgiveDebt };
}
