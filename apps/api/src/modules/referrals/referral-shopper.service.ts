import {
  planHasFeature,
  type Language,
  type ReferralReward,
  type ShopperCoupon,
  type ShopperReferral,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { storeConfigMemo } from '../../lib/store-config-memo.ts';
import { type MerchantRow } from '../merchants/index.ts';
import { findReferralCoupons, referralCouponFromRow } from './referral-coupons.repository.ts';
import {
  countInviterReferrals,
  findReferralCodeOf,
  findReferralSettings,
  insertReferralCode,
  type ReferralSettingsRow,
} from './referrals.repository.ts';
import { generateReferralCode } from './referral-rules.ts';
import { referralShopperCoupon } from './referral-views.ts';

/** The programme as a shopper and the store's visitors see it: their code, link, coupons. */
export function createReferralShopperService(ctx: AppContext) {
  const { db } = ctx;
  // What the loyalty page shows of the programme, read once per configuration version (a change
  // to the settings bumps it, migration 0033); the referral engine's own checks read it fresh.
  const settingsOf = storeConfigMemo((merchantId) => findReferralSettings(db, merchantId));

  function programmeOn(
    merchant: MerchantRow | undefined,
    settings: ReferralSettingsRow | undefined,
  ) {
    return Boolean(
      merchant && merchant.plan && planHasFeature(merchant.plan, 'referrals') && settings?.isActive,
    );
  }

  /** The shopper's code (made the first time), or null when the programme is off. */
  async function codeFor(merchantId: number, customerId: number): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const existing = await findReferralCodeOf(db, merchantId, customerId);
      if (existing) return existing;
      try {
        if (await insertReferralCode(db, merchantId, customerId, generateReferralCode())) continue;
      } catch (error) {
        // Two first reads at once: the other one's code stands.
        if (!isUniqueViolation(error, 'referral_codes')) throw error;
      }
    }
    const code = await findReferralCodeOf(db, merchantId, customerId);
    if (!code) throw new Error(`no referral code for ${merchantId}/${customerId}`);
    return code;
  }

  /** The loyalty data's `referral` for a signed-in shopper. */
  async function shopperReferral(
    merchant: MerchantRow,
    customerId: number,
    /** Their code and counts when the caller read them already (null code: none yet). */
    read?: { code: string | null; invited: number; rewarded: number },
  ): Promise<ShopperReferral | null> {
    const settings = await settingsOf(merchant);
    if (!programmeOn(merchant, settings) || !settings) return null;
    const code = read?.code ?? (await codeFor(merchant.id, customerId));
    const counts = read
      ? { invited: read.invited, rewarded: read.rewarded }
      : await countInviterReferrals(db, merchant.id, customerId);
    let link: string;
    try {
      const url = new URL(merchant.storeUrl ?? ctx.config.publicUrl);
      url.searchParams.set('ref', code);
      link = url.toString();
    } catch {
      link = `${ctx.config.publicUrl}/?ref=${code}`;
    }
    return {
      code,
      link,
      ...counts,
      participantReward: {
        type: settings.participantType,
        value: settings.participantValue,
        maxAmount: settings.participantMaxAmount,
      },
      referralReward: {
        type: settings.referralType,
        value: settings.referralValue,
        maxAmount: settings.referralMaxAmount,
      },
    };
  }

  /** What the programme gives an inviter and a friend, for the store's visitors; null when off. */
  async function programmeRewards(merchant: MerchantRow): Promise<{
    participantReward: ReferralReward;
    referralReward: ReferralReward;
  } | null> {
    const settings = await settingsOf(merchant);
    if (!programmeOn(merchant, settings) || !settings) return null;
    return {
      participantReward: {
        type: settings.participantType,
        value: settings.participantValue,
        maxAmount: settings.participantMaxAmount,
      },
      referralReward: {
        type: settings.referralType,
        value: settings.referralValue,
        maxAmount: settings.referralMaxAmount,
      },
    };
  }

  /**
   * The shopper's referral coupons as the loyalty page lists coupons, newest first: the gift they
   * claimed as a friend (found by their id or the e-mail they claimed with) and the rewards their
   * friends earned them. Shown whether or not the programme is still on: they were given.
   */
  async function shopperCoupons(input: {
    merchantId: number;
    customerId: number;
    email: string | null;
    lang: Language;
    limit: number;
    /** The rows as the caller read them already (`to_jsonb` of `findReferralCoupons`' rows). */
    rows?: Record<string, unknown>[];
  }): Promise<ShopperCoupon[]> {
    const now = ctx.now();
    const rows = input.rows
      ? input.rows.map(referralCouponFromRow)
      : await findReferralCoupons(db, input.merchantId, {
          holder: { customerId: input.customerId, email: input.email },
          now,
          limit: input.limit,
        });
    return rows.map((row) => referralShopperCoupon(row, input.lang, now));
  }

  return { shopperReferral, programmeRewards, shopperCoupons };
}
