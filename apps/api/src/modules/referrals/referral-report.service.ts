import { type ReferralsQuery, type ReferralSummary } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { listReferrals, referralFigures } from './referrals-report.repository.ts';
import { halalasToSar } from './referral-rules.ts';
import { toMerchantReferral, encodeCursor, decodeCursor } from './referral-views.ts';

/** The merchant's view: the referrals list and the programme's figures. */
export function createReferralReportService(ctx: AppContext) {
  const { db } = ctx;

  async function list(merchantId: number, query: ReferralsQuery) {
    const after = query.cursor ? decodeCursor(query.cursor) : undefined;
    const rows = await listReferrals(db, merchantId, {
      ...(query.status ? { status: query.status } : {}),
      ...(after ? { after } : {}),
      limit: query.limit + 1,
    });
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      items: page.map(toMerchantReferral),
      nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
    };
  }

  async function summary(merchantId: number): Promise<ReferralSummary> {
    const f = await referralFigures(db, merchantId);
    return {
      sent: f.sent,
      pending: f.pending,
      converted: f.converted,
      reversed: f.reversed,
      blocked: f.blocked,
      revenue: halalasToSar(f.revenueHalalas),
      referredOrders: f.referredOrders,
      cost: halalasToSar(f.costHalalas),
      couponsIssued: f.couponsIssued,
      couponsUsed: f.couponsUsed,
    };
  }

  return { list, summary };
}
