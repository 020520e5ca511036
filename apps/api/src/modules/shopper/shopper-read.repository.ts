import { REWARD_USAGE_STATUSES } from '@nuqat/contracts';
import type { Executor } from '../../db/client.ts';
import { rowFromJson } from '../../db/json-row.ts';
import { preparedQuery } from '../../db/prepared.ts';
import {
  customers,
  earnActions,
  merchants,
  pointsLedger,
  redemptions,
  rewards,
  shopperSessions,
} from '../../db/schema/index.ts';

type Json = Record<string, unknown>;

/**
 * Everything the loyalty page reads per shopper, in one round trip (`nuqat_shopper_read`,
 * docs/decisions/059): each part is what one query of the page read before, as its repository
 * gave it — the rows as Drizzle's `select()` gives them.
 */
export interface ShopperRead {
  /** Asked for with a session id: that session's row, or null when there is none. */
  session: typeof shopperSessions.$inferSelect | null;
  merchant: typeof merchants.$inferSelect | null;
  customer: typeof customers.$inferSelect | null;
  /** The rest only when the store and the customer exist. */
  figures: ShopperFigures | null;
}

export interface ShopperFigures {
  claims: (typeof earnActions.$inferSelect)[];
  /** Redemptions counted against each of the store's limited rewards (none: absent). */
  usage: Map<string, number>;
  /** Newest first, at most `coupons`, each with its reward. */
  redemptions: (typeof redemptions.$inferSelect & { reward: typeof rewards.$inferSelect })[];
  /** Newest first, at most `history`. */
  ledger: (typeof pointsLedger.$inferSelect)[];
  /** Salla's reference of each order the ledger rows name, by order id. */
  orderRefs: Map<string, string>;
  expiring: { points: number; firstAt: Date | null };
  pending: number;
  /** Rows of `findReferralCoupons` for this holder, as `to_jsonb` gives them. */
  referralCoupons: Json[];
  referral: { code: string | null; invited: number; rewarded: number };
}

const TEXT = `select nuqat_shopper_read($1, $2, $3, $4, $5, $6, $7, $8) as r`;

export async function readShopper(
  db: Executor,
  input: {
    merchantId: number;
    customerId: number;
    sessionId: string | null;
    now: Date;
    expiringUntil: Date;
    history: number;
    coupons: number;
  },
): Promise<ShopperRead> {
  const [row] = await preparedQuery<{ r: Json }>(db, 'nuqat_shopper_read', TEXT, [
    input.merchantId,
    input.customerId,
    input.sessionId,
    input.now.toISOString(),
    input.expiringUntil.toISOString(),
    input.history,
    input.coupons,
    [...REWARD_USAGE_STATUSES],
  ]);
  const r = row!.r;
  const rowOf = <T extends Parameters<typeof rowFromJson>[0]>(table: T, value: unknown) =>
    value ? rowFromJson(table, value as Json) : null;
  const read: ShopperRead = {
    session: rowOf(shopperSessions, r.session),
    merchant: rowOf(merchants, r.merchant),
    customer: rowOf(customers, r.customer),
    figures: null,
  };
  if (!read.merchant || !read.customer) return read;
  const expiring = r.expiring as { points: number; firstAt: string | null };
  const counts = r.referralCounts as { invited: number; rewarded: number };
  read.figures = {
    claims: (r.claims as Json[]).map((a) => rowFromJson(earnActions, a)),
    usage: new Map(Object.entries(r.usage as Record<string, number>)),
    redemptions: (r.redemptions as Json[]).map((d) => ({
      ...rowFromJson(redemptions, d),
      reward: rowFromJson(rewards, d.reward as Json),
    })),
    ledger: (r.ledger as Json[]).map((l) => rowFromJson(pointsLedger, l)),
    orderRefs: new Map(Object.entries(r.orderRefs as Record<string, string>)),
    expiring: {
      points: Number(expiring.points),
      firstAt: expiring.firstAt ? new Date(expiring.firstAt) : null,
    },
    pending: Math.max(0, Number(r.pending)),
    referralCoupons: r.referralCoupons as Json[],
    referral: {
      code: (r.referralCode as string | null) ?? null,
      invited: Number(counts.invited),
      rewarded: Number(counts.rewarded),
    },
  };
  return read;
}
