import { planHasFeature, type HoldoutSettings } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { endHoldout } from '../engine/index.ts';
import { findMerchantById } from '../merchants/index.ts';
import {
  assignedCounts,
  findHoldout,
  heldOutCount,
  markHoldoutEnded,
  startHoldout,
  type HoldoutRow,
} from './roi.repository.ts';

/**
 * The store's control group (docs/decisions/049): a Growth feature, off by default. Starting it
 * (1–20 %) places each NEW shopper once, by the database trigger; ending it enrols the control
 * group from that moment, with back-pay only if the merchant asks.
 */
export function createHoldoutService(ctx: Pick<AppContext, 'db' | 'now' | 'log'>) {
  const { db } = ctx;

  async function requireGrowth(merchantId: number): Promise<void> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (merchant.plan && planHasFeature(merchant.plan, 'advancedAnalytics')) return;
    throw new AppError('PLAN_FEATURE_REQUIRED', {
      issues: [{ path: 'plan', code: 'plan_feature_required', message: 'holdout' }],
    });
  }

  async function view(
    exec: Executor,
    merchantId: number,
    row: HoldoutRow | null,
  ): Promise<HoldoutSettings> {
    const merchant = await findMerchantById(exec, merchantId);
    const [assigned, heldOut] = await Promise.all([
      assignedCounts(exec, merchantId, null),
      row && row.endedAt === null ? heldOutCount(exec, merchantId) : Promise.resolve(0),
    ]);
    return {
      available: Boolean(merchant?.plan && planHasFeature(merchant.plan, 'advancedAnalytics')),
      status: row === null ? 'off' : row.endedAt === null ? 'running' : 'ended',
      percent: row?.percent ?? null,
      startedAt: row?.startedAt.toISOString() ?? null,
      endedAt: row?.endedAt?.toISOString() ?? null,
      assigned,
      heldOut,
    };
  }

  async function getSettings(merchantId: number): Promise<HoldoutSettings> {
    return view(db, merchantId, await findHoldout(db, merchantId));
  }

  async function start(merchantId: number, percent: number): Promise<HoldoutSettings> {
    await requireGrowth(merchantId);
    const at = ctx.now();
    return db.transaction(async (tx) => {
      await startHoldout(tx, merchantId, percent, at);
      ctx.log.info({ merchantId, percent }, 'holdout started');
      return view(tx, merchantId, await findHoldout(tx, merchantId));
    });
  }

  async function end(merchantId: number, backPay: boolean) {
    const at = ctx.now();
    return db.transaction(async (tx) => {
      const row = await findHoldout(tx, merchantId);
      if (!row || row.endedAt !== null) throw new AppError('HOLDOUT_NOT_RUNNING');
      if (!(await markHoldoutEnded(tx, merchantId, at))) throw new AppError('HOLDOUT_NOT_RUNNING');
      const result = await endHoldout(tx, merchantId, { at, backPay });
      ctx.log.info({ merchantId, backPay, ...result }, 'holdout ended');
      return { settings: await view(tx, merchantId, await findHoldout(tx, merchantId)), ...result };
    });
  }

  return { getSettings, start, end };
}
export type HoldoutService = ReturnType<typeof createHoldoutService>;
