import { setCustomerLanguage } from '../engine/index.ts';
import {
  HALALAS_PER_RIYAL,
  SHOPPER_HISTORY_LIMIT,
  type CustomerLoyaltyData,
  type HistoryEntry,
  type Language,
  type ReferralReward,
  EARN_ACTION_EVENTS,
  type EarnActionState,
  type RunningCampaign,
  type ShopperCoupon,
  type ShopperReferral,
  type ShopperTier,
  type ShopperTierLevel,
  type StorefrontProgramme,
  type TierBasis,
  type TierWindow,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { storeConfigMemo } from '../../lib/store-config-memo.ts';
import { findRules, heldOut } from '../engine/index.ts';
import { findMerchantById, type MerchantRow } from '../merchants/index.ts';
import { toMerchantSettings } from '../merchants/index.ts';
import { redemptionBlock, toShopperCoupon } from '../rewards/index.ts';
import { countRewardUsage, findRewardRows, type RewardWithUsage } from '../rewards/index.ts';
import { readShopper, type ShopperFigures } from './shopper-read.repository.ts';
import { sessionLive, UUID, type ShopperAuth } from './shopper-sign-in.service.ts';
import {
  type TierLevelRow,
  historyDescription,
  pointsMethodsOf,
  offeredRewards,
  dateFormats,
} from './shopper-texts.ts';
import { panelLogo, programmeEarning } from './programme-earning.ts';
import { heldOutData } from './held-out.ts';

/** "Expiring soon" on the balance card. */
const EXPIRING_WINDOW_DAYS = 30;
const COUPONS_SHOWN = 50;

/** What the loyalty page hears from other modules (each optional: none → left out). */
export interface ShopperLoyaltyDeps {
  /** The shopper's referral link and figures (the referral engine); none → null. */
  shopperReferral?: (
    merchant: MerchantRow,
    customerId: number,
    read?: { code: string | null; invited: number; rewarded: number },
  ) => Promise<ShopperReferral | null>;
  /** The shopper's VIP tier and the store's tiers (the tiers module); none → no tiers. */
  shopperTier?: (input: {
    merchant: MerchantRow;
    customer: { tierId: string | null; tierValue: number; tierBelowSince: Date | null };
    lang: Language;
  }) => Promise<{ tier: ShopperTier | null; rows: TierLevelRow[] }>;
  /** The store's tiers for a visitor (the tiers module); none → no tiers. */
  programmeTiers?: (
    merchant: MerchantRow,
    lang: Language,
  ) => Promise<{
    basis: TierBasis;
    window: TierWindow;
    levels: ShopperTierLevel[];
    rows: TierLevelRow[];
  } | null>;
  /** What the referral programme gives each side (the referral engine); none → null. */
  programmeReferral?: (
    merchant: MerchantRow,
  ) => Promise<{ participantReward: ReferralReward; referralReward: ReferralReward } | null>;
  /** The shopper's referral coupons, newest first (the referral engine); none → none. */
  referralCoupons?: (input: {
    merchantId: number;
    customerId: number;
    email: string | null;
    lang: Language;
    limit: number;
    /** Already read (`to_jsonb` rows of the referral coupons query). */
    rows?: Record<string, unknown>[];
  }) => Promise<ShopperCoupon[]>;
  /** Campaigns running now (the campaigns module); none → left out. */
  runningCampaigns?: (merchant: MerchantRow) => Promise<RunningCampaign[]>;
  /** Ways to earn the shopper claims (docs/decisions/052): their states and pending points. */
  earnActions?: (input: {
    merchant: MerchantRow;
    customerId: number;
    enabled: ReadonlySet<string>;
    lang: Language;
    /** Their claims, already read. */
    claims?: ShopperFigures['claims'];
  }) => Promise<{
    states: Map<string, EarnActionState>;
    pendingPoints: number;
    /** Follows waiting their day: their points and the card's words (alone, beside orders). */
    pendingFollows: { points: number; alone: string; withOrders: string } | null;
  }>;
}

const EARN_ACTION_SET: ReadonlySet<string> = new Set(EARN_ACTION_EVENTS);

/** The loyalty page's data: a signed-in shopper's, and the programme a visitor sees. */
export function createShopperLoyaltyService(ctx: AppContext, deps: ShopperLoyaltyDeps) {
  const { db } = ctx;
  // The store's earning rules and rewards, read once per configuration version (both bump it;
  // lib/store-config-memo.ts): every launcher open needs them, and they rarely change.
  const rulesOf = storeConfigMemo((merchantId) => findRules(db, merchantId));
  const rewardRowsOf = storeConfigMemo((merchantId) => findRewardRows(db, merchantId));

  /**
   * The store's rewards with the usage the page shows: a reward with a usage limit is
   * "available" while it is under it, counted now; an unlimited one's count shows nowhere and
   * is not read (it would be an aggregate over all the store's redemptions on every open).
   */
  async function rewardsOf(merchant: MerchantRow): Promise<RewardWithUsage[]> {
    const rows = await rewardRowsOf(merchant);
    const limited = rows.filter((r) => r.maxUsage !== null).map((r) => r.id);
    const usage = await countRewardUsage(db, merchant.id, limited);
    return rows.map((r) => ({ ...r, usageCount: usage.get(r.id) ?? 0 }));
  }

  /**
   * Spec §3 customer loyalty data, for the signed-in shopper. With `session` (the token's
   * claims, its signature checked), the session is read in the same round trip and checked
   * first: a read is one round trip (`nuqat_shopper_read`, docs/decisions/059), plus a write
   * only when the page's language changed or a follow came due.
   */
  async function getLoyaltyData(input: {
    merchantId: number;
    customerId: number;
    lang: Language;
    session?: ShopperAuth;
  }): Promise<CustomerLoyaltyData> {
    const { merchantId, customerId, lang } = input;
    const now = ctx.now();
    const readFigures = () =>
      readShopper(db, {
        merchantId,
        customerId,
        sessionId:
          input.session && UUID.test(input.session.sessionId) ? input.session.sessionId : null,
        now,
        expiringUntil: new Date(now.getTime() + EXPIRING_WINDOW_DAYS * 86_400_000),
        history: SHOPPER_HISTORY_LIMIT,
        coupons: COUPONS_SHOWN,
      });
    const read = await readFigures();
    if (input.session && !sessionLive(read.session, input.session, now))
      throw new AppError('SESSION_EXPIRED');
    const { merchant, customer } = read;
    if (!merchant || !customer || !read.figures) throw new AppError('NOT_FOUND');
    // A customer who switched the page's language reads their e-mails in it too.
    if (customer.language !== lang) await setCustomerLanguage(db, merchantId, customerId, lang);
    if (heldOut(customer, now)) return heldOutData(merchant, customer);
    let figures = read.figures;
    const [rulesFound, rewardRows] = await Promise.all([rulesOf(merchant), rewardRowsOf(merchant)]);
    // First: the shopper's follows whose delay is over become theirs before the figures are
    // read; then they are read again (the store and the shopper as first read, as before).
    const due = figures.claims.some((r) => !r.creditedAt && r.availableAt <= now);
    const actions = deps.earnActions
      ? await deps.earnActions({
          merchant,
          customerId,
          enabled: new Set([...rulesFound].filter(([, r]) => r.points > 0).map(([e]) => e)),
          lang,
          claims: figures.claims,
        })
      : { states: new Map<string, EarnActionState>(), pendingPoints: 0, pendingFollows: null };
    if (due && deps.earnActions) figures = (await readFigures()).figures ?? figures;
    const rewards: RewardWithUsage[] = rewardRows.map((r) => ({
      ...r,
      usageCount: r.maxUsage === null ? 0 : (figures.usage.get(r.id) ?? 0),
    }));
    const { ledger, expiring, orderRefs } = figures;
    const pendingPoints = figures.pending;
    const [{ tier, rows: tierRows }, referralCoupons, referral, campaigns] = await Promise.all([
      deps.shopperTier
        ? deps.shopperTier({ merchant, customer, lang })
        : { tier: null, rows: [] as TierLevelRow[] },
      deps.referralCoupons
        ? deps.referralCoupons({
            merchantId,
            customerId,
            email: customer.email,
            lang,
            limit: COUPONS_SHOWN,
            rows: figures.referralCoupons,
          })
        : [],
      deps.shopperReferral ? deps.shopperReferral(merchant, customerId, figures.referral) : null,
      deps.runningCampaigns ? deps.runningCampaigns(merchant) : [],
    ]);
    const rules = rulesFound;
    const redemptions = figures.redemptions;
    const tierOf = new Map(tierRows.map((t) => [t.id, t]));
    const myPosition = tierOf.get(customer.tierId ?? '')?.position ?? 0;

    const pointsMethods = pointsMethodsOf(rules, lang).flatMap((method) => {
      const action = actions.states.get(method.id);
      if (EARN_ACTION_SET.has(method.id) && !action) return []; // a follow with no link
      return [action ? { ...method, action } : method];
    });
    const coupons = [...redemptions.map((r) => toShopperCoupon(r, now, lang)), ...referralCoupons]
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || (b.id > a.id ? 1 : -1))
      .slice(0, COUPONS_SHOWN);
    const history: HistoryEntry[] = ledger
      .filter((row) => row.delta !== 0 || row.debtDelta !== 0)
      .map((row) => ({
        id: String(row.id),
        date: row.createdAt.toISOString(),
        formattedDate: dateFormats[lang].format(row.createdAt),
        description: historyDescription(row, lang, orderRefs),
        points: row.delta,
        owed: row.debtDelta,
        type: row.delta > 0 ? ('earned' as const) : ('redeemed' as const),
        kind: row.kind,
      }));
    const block = redemptionBlock(merchant, now);
    const settings = toMerchantSettings(merchant);
    const perAmount = rules.get('purchase_amount');
    const perOrder = rules.get('order.created');
    const riyals = (halalas: number | null) => Math.floor((halalas ?? 0) / HALALAS_PER_RIYAL);
    const fullName = `${customer.firstName} ${customer.lastName}`.trim();
    return {
      customer: {
        id: String(customer.id),
        fullName,
        email: customer.email,
        mobile: customer.mobile,
        avatar: customer.avatar,
      },
      store: { name: merchant.storeName, url: merchant.storeUrl, logo: panelLogo(merchant) },
      availablePoints: customer.pointsBalance,
      pointsOwed: customer.pointsDebt,
      expiringPoints: expiring.points,
      nextExpiryAt: expiring.firstAt?.toISOString() ?? null,
      pendingPoints: pendingPoints + actions.pendingPoints,
      pendingFollows: actions.pendingFollows && {
        points: actions.pendingFollows.points,
        note: pendingPoints > 0 ? actions.pendingFollows.withOrders : actions.pendingFollows.alone,
      },
      pointsRelease: { spendableOn: settings.pointsSpendableOn, holdDays: settings.pointsHoldDays },
      earnRates: {
        perAmount:
          perAmount && perAmount.points > 0
            ? {
                points: perAmount.points,
                spendUnit: Math.max(
                  1,
                  Math.round((perAmount.spendUnitHalalas ?? HALALAS_PER_RIYAL) / HALALAS_PER_RIYAL),
                ),
                minOrderTotal: riyals(perAmount.minOrderTotalHalalas),
              }
            : null,
        perOrder:
          perOrder && perOrder.points > 0
            ? { points: perOrder.points, minOrderTotal: riyals(perOrder.minOrderTotalHalalas) }
            : null,
      },
      pointsMethods,
      rewards: offeredRewards(rewards, merchant, tier ? tierOf : new Map(), lang).map(
        ({ minTierPosition, ...reward }) => ({
          ...reward,
          locked: minTierPosition > 0 && myPosition < minTierPosition,
        }),
      ),
      coupons,
      history,
      programme: { redeemable: block === null, reason: block },
      referral,
      tier,
      ...(campaigns.length > 0 ? { campaigns } : {}),
    };
  }

  /**
   * What a visitor of the store sees before signing in (GET /api/storefront/{id}/programme):
   * the ways to earn, the rewards, the tiers and the referral gift. Nobody's data: the same for
   * every visitor. A store we do not know, or that uninstalled the app, is STORE_NOT_FOUND.
   */
  async function getProgramme(input: {
    merchantId: number;
    lang: Language;
  }): Promise<StorefrontProgramme> {
    const { merchantId, lang } = input;
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant || merchant.installStatus === 'uninstalled')
      throw new AppError('STORE_NOT_FOUND');
    const [rules, rewards, tiers, referral, campaigns] = await Promise.all([
      rulesOf(merchant),
      rewardsOf(merchant),
      deps.programmeTiers ? deps.programmeTiers(merchant, lang) : null,
      deps.programmeReferral ? deps.programmeReferral(merchant) : null,
      deps.runningCampaigns ? deps.runningCampaigns(merchant) : [],
    ]);
    const block = redemptionBlock(merchant, ctx.now());
    const tierOf = new Map((tiers?.rows ?? []).map((t) => [t.id, t]));
    return {
      store: { name: merchant.storeName, logo: panelLogo(merchant) },
      programme: { redeemable: block === null, reason: block },
      pointsMethods: pointsMethodsOf(rules, lang),
      rewards: offeredRewards(rewards, merchant, tierOf, lang).map(
        ({ minTierPosition: _position, ...reward }) => reward,
      ),
      tiers: tiers ? { basis: tiers.basis, window: tiers.window, levels: tiers.levels } : null,
      referral,
      ...(campaigns.length > 0 ? { campaigns } : {}),
      earning: programmeEarning(merchant, rules, ctx.now()),
    };
  }

  return { getLoyaltyData, getProgramme };
}
