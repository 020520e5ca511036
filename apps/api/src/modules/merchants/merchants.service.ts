import { randomInt } from 'node:crypto';
import { POINTS_SPENDABLE_DEFAULT, POINTS_SPENDABLE_STATUSES } from '@nuqat/contracts';
import type {
  MerchantSettings,
  PlanId,
  StoreInfo,
  Subscription,
  SubscriptionStatus,
  UpdateMerchantSettingsRequest,
} from '@nuqat/contracts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { hashPassword } from '../../lib/crypto.ts';
import { monthlyOrderLimit, planPeriodStart, subscriptionActive } from './plan-rules.ts';
import {
  findMerchantByEmail,
  findMerchantById,
  findPlanUsage,
  insertMerchant,
  updateMerchantSettings,
  type MerchantRow,
} from './merchants.repository.ts';

export interface CreateMerchantInput {
  /** The Salla store id; one is allocated when a merchant is created by hand. */
  merchantId?: number;
  storeName: string;
  email: string;
  password?: string;
  storeUrl?: string | null;
  plan?: PlanId | null;
  subscriptionStatus?: SubscriptionStatus;
  subscriptionExpiresAt?: Date | null;
}

export function toStoreInfo(merchant: MerchantRow, now = new Date()): StoreInfo {
  return {
    merchantId: String(merchant.id),
    storeName: merchant.storeName,
    userEmail: merchant.email ?? '',
    storeUrl: merchant.storeUrl,
    subscriptionStatus: merchant.subscriptionStatus,
    subscriptionPlan: merchant.plan,
    subscriptionExpiryDate: merchant.subscriptionExpiresAt?.toISOString() ?? null,
    needsReinstall: merchant.needsReinstall,
    isEarning: subscriptionActive(merchant, now),
    programmeEnabled: merchant.programmeEnabled,
  };
}

/**
 * The row's programme settings as the contract has them, statuses in the contract's order. A
 * slug outside the choosable ones (written by hand) is left out; none left reads as the default.
 */
export function toMerchantSettings(merchant: MerchantRow): MerchantSettings {
  const spendableOn = POINTS_SPENDABLE_STATUSES.filter((slug) =>
    merchant.pointsSpendableOn.includes(slug),
  );
  return {
    pointsExpiryDays: merchant.pointsExpiryDays,
    pointsSpendableOn: spendableOn.length > 0 ? spendableOn : [...POINTS_SPENDABLE_DEFAULT],
    pointsHoldDays: merchant.pointsHoldDays,
    forgiveSpentClawbacks: merchant.forgiveSpentClawbacks,
    monthlyReportEmail: merchant.monthlyReportEmail,
  };
}

export function createMerchantsService({ db }: { db: Database }) {
  async function createMerchant(input: CreateMerchantInput): Promise<MerchantRow> {
    const email = input.email.trim().toLowerCase();
    if (await findMerchantByEmail(db, email)) throw new AppError('MERCHANT_EMAIL_TAKEN');
    const passwordHash = input.password ? await hashPassword(input.password.trim()) : null;
    // Hand-made stores get ids far above Salla's current range, so they never collide with real ones.
    const merchantId = input.merchantId ?? randomInt(9_000_000_000, 9_999_999_999);
    try {
      return await insertMerchant(db, {
        id: merchantId,
        storeName: input.storeName.trim(),
        email,
        passwordHash,
        storeUrl: input.storeUrl ?? null,
        plan: input.plan ?? null,
        subscriptionStatus: input.subscriptionStatus ?? 'inactive',
        subscriptionExpiresAt: input.subscriptionExpiresAt ?? null,
      });
    } catch (error) {
      if (isUniqueViolation(error, 'email'))
        throw new AppError('MERCHANT_EMAIL_TAKEN', { cause: error });
      if (isUniqueViolation(error, 'pkey'))
        throw new AppError('MERCHANT_ID_TAKEN', { cause: error });
      throw error;
    }
  }

  async function getStoreInfo({ merchantId }: { merchantId: number }): Promise<StoreInfo> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return toStoreInfo(merchant);
  }

  /** The subscription of a store row already read (the dashboard reads the row once). */
  async function subscriptionFor(merchant: MerchantRow, now: Date): Promise<Subscription> {
    const periodStart = planPeriodStart(merchant, now);
    const usage = await findPlanUsage(db, merchant.id, periodStart);
    const usageLimit = monthlyOrderLimit(merchant.plan);
    const ordersUsed = usage?.ordersCounted ?? 0;
    return {
      status: merchant.subscriptionStatus,
      plan: merchant.plan,
      expiryDate: merchant.subscriptionExpiresAt?.toISOString() ?? null,
      // Spec §3: active = status active and an expiry in the future (none = no end).
      isActive:
        merchant.subscriptionStatus === 'active' &&
        (!merchant.subscriptionExpiresAt || merchant.subscriptionExpiresAt > now),
      isEarning: subscriptionActive(merchant, now),
      periodStart: periodStart.toISOString(),
      usageLimit,
      ordersUsed,
      ordersOverLimit: usage?.ordersOverLimit ?? 0,
      usagePercentage: usageLimit
        ? Math.min(100, Math.round((ordersUsed / usageLimit) * 1000) / 10)
        : 0,
      needsReinstall: merchant.needsReinstall,
    };
  }

  async function getSubscription({
    merchantId,
    now = new Date(),
  }: {
    merchantId: number;
    now?: Date;
  }): Promise<Subscription> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return subscriptionFor(merchant, now);
  }

  async function getSettings({ merchantId }: { merchantId: number }): Promise<MerchantSettings> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return toMerchantSettings(merchant);
  }

  /**
   * Saves the settings sent; the others stay. Expiry applies to points earned from now on
   * (points already earned keep their date); the spendable statuses and holding days apply to
   * orders whose points are still pending (docs/decisions/010).
   */
  async function updateSettings({
    merchantId,
    settings,
  }: {
    merchantId: number;
    settings: UpdateMerchantSettingsRequest;
  }): Promise<MerchantSettings> {
    const merchant = await updateMerchantSettings(db, merchantId, {
      pointsExpiryDays: settings.pointsExpiryDays,
      pointsSpendableOn: settings.pointsSpendableOn,
      pointsHoldDays: settings.pointsHoldDays,
      forgiveSpentClawbacks: settings.forgiveSpentClawbacks,
      monthlyReportEmail: settings.monthlyReportEmail,
    });
    if (!merchant) throw new AppError('NOT_FOUND');
    return toMerchantSettings(merchant);
  }

  return {
    createMerchant,
    getStoreInfo,
    getSubscription,
    subscriptionFor,
    getSettings,
    updateSettings,
  };
}

export type MerchantsService = ReturnType<typeof createMerchantsService>;
