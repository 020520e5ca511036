import { planHasFeature } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMerchantById } from '../merchants/index.ts';

/**
 * The open API and webhooks are the Growth plan's (docs/decisions/038): PLAN_FEATURE_REQUIRED
 * otherwise (the settings page then shows the offer).
 */
export async function requireOpenApiPlan(
  ctx: Pick<AppContext, 'db'>,
  merchantId: number,
): Promise<void> {
  const merchant = await findMerchantById(ctx.db, merchantId);
  if (!merchant) throw new AppError('NOT_FOUND');
  if (merchant.plan && planHasFeature(merchant.plan, 'openApi')) return;
  throw new AppError('PLAN_FEATURE_REQUIRED', {
    issues: [{ path: 'plan', code: 'plan_feature_required', message: 'openApi' }],
  });
}
