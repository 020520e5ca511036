import {
  REFERRAL_DEFAULTS,
  planHasFeature,
  type ReferralReward,
  type ReferralSettings,
  type ReferralSettingsRequest,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { findMerchantById } from '../merchants/index.ts';
import {
  findReferralSettings,
  setReferralActive,
  upsertReferralSettings,
  type ReferralSettingsRow,
  type ReferralSettingsValues,
} from './referrals.repository.ts';

export interface ReferralSettingsView extends ReferralSettings {
  updatedAt: string | null;
}

/** The row's values; limits left out (a save without them) keep the stored ones. */
function toValues(settings: ReferralSettingsRequest): ReferralSettingsValues {
  const side = (reward: ReferralReward) => ({
    type: reward.type,
    value: reward.value,
    maxAmount: reward.type === 'percentage' ? (reward.maxAmount ?? null) : null,
  });
  const participant = side(settings.participantReward);
  const referral = side(settings.referralReward);
  return {
    isActive: settings.isActive,
    participantType: participant.type,
    participantValue: participant.value,
    participantMaxAmount: participant.maxAmount,
    referralType: referral.type,
    referralValue: referral.value,
    referralMaxAmount: referral.maxAmount,
    ...(settings.limits
      ? { giftsPerCode: settings.limits.giftsPerCode, giftsPerDay: settings.limits.giftsPerDay }
      : {}),
  };
}

function toView(row: ReferralSettingsRow | undefined): ReferralSettingsView {
  if (!row) return { ...REFERRAL_DEFAULTS, updatedAt: null };
  return {
    isActive: row.isActive,
    participantReward: {
      type: row.participantType,
      value: row.participantValue,
      maxAmount: row.participantMaxAmount,
    },
    referralReward: {
      type: row.referralType,
      value: row.referralValue,
      maxAmount: row.referralMaxAmount,
    },
    limits: { giftsPerCode: row.giftsPerCode, giftsPerDay: row.giftsPerDay },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The referral programme's settings (spec §3, §7): a growth-plan feature. */
export function createReferralsService({ db }: Pick<AppContext, 'db'>) {
  async function assertPlanAllows(merchantId: number): Promise<void> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    if (planHasFeature(merchant.plan ?? 'starter', 'referrals')) return;
    throw new AppError('PLAN_FEATURE_REQUIRED', {
      issues: [{ path: 'plan', code: 'plan_feature_required', message: 'referrals' }],
    });
  }

  async function getSettings({ merchantId }: { merchantId: number }) {
    await assertPlanAllows(merchantId);
    return toView(await findReferralSettings(db, merchantId));
  }

  async function updateSettings({
    merchantId,
    settings,
  }: {
    merchantId: number;
    settings: ReferralSettingsRequest;
  }) {
    await assertPlanAllows(merchantId);
    return toView(await upsertReferralSettings(db, merchantId, toValues(settings)));
  }

  async function toggle({ merchantId, isActive }: { merchantId: number; isActive: boolean }) {
    await assertPlanAllows(merchantId);
    return toView(await setReferralActive(db, merchantId, isActive, toValues(REFERRAL_DEFAULTS)));
  }

  return { getSettings, updateSettings, toggle, assertPlanAllows };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
