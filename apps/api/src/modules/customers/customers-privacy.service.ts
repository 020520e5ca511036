import { eraseShopperProfile } from '../engine/index.ts';
import { endShopperAccess } from '../shopper/index.ts';
import { type CustomerData } from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgetRateLimitsOf } from '../../lib/rate-limit.ts';
import { rewriteLedgerNotes } from '../engine/index.ts';
import { skipNotificationsOfErased } from '../notifications/index.ts';
import { findFriendEmailsOf, forgetFriendEmails } from '../referrals/index.ts';
import { redactShopperDeadLetters } from '../salla/index.ts';
import { redactShopperEvents } from '../engine/index.ts';
import { erasedPerson, redactPerson, textPatterns } from './erasure.ts';
import {
  findOrderIdsOf,
  findShopperCodeEmails,
  rewriteAdjustmentReasons,
} from './customers-privacy.repository.ts';
import {
  findCustomerCoupons,
  findCustomerLedger,
  findCustomerOrders,
  findSessions,
  lockCustomer,
} from './customers.repository.ts';
import { iso, toSummary, toLedgerEntries, toCoupon, toOrder } from './customers-views.ts';
import { customerIdOf, createCustomerLookups } from './customers-lookups.ts';

/** A shopper's rights over their data: a copy of all of it, and its erasure. */
export function createCustomerPrivacyService(ctx: AppContext) {
  const { db } = ctx;
  const { customerOf } = createCustomerLookups(ctx);

  /** Everything kept about one shopper (a data-access request). */
  async function exportData(merchantId: number, id: string): Promise<CustomerData> {
    const customer = await customerOf(merchantId, id);
    const [ledger, orders, coupons, sessions] = await Promise.all([
      findCustomerLedger(db, merchantId, customer.id, undefined),
      findCustomerOrders(db, merchantId, customer.id),
      findCustomerCoupons(db, merchantId, customer.id),
      findSessions(db, merchantId, customer.id),
    ]);
    return {
      exportedAt: ctx.now().toISOString(),
      profile: {
        id: String(customer.id),
        firstName: customer.firstName,
        lastName: customer.lastName,
        email: customer.email,
        mobile: customer.mobile,
        avatar: customer.avatar,
        birthday: customer.birthday,
        joinedAt: customer.createdAt.toISOString(),
        erasedAt: iso(customer.erasedAt),
      },
      balance: customer.pointsBalance,
      ledger: await toLedgerEntries(db, merchantId, ledger),
      orders: orders.map(toOrder),
      coupons: coupons.map(toCoupon),
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
        revokedAt: iso(s.revokedAt),
      })),
    };
  }

  /**
   * Erasure, everywhere Nuqat keeps the shopper (docs/decisions/029). In one transaction under
   * their lock: the profile; sign-in codes and sessions; their name, address and mobile in the
   * merchant's notes (ledger and adjustments); their address as a referral's friend; the mails
   * still waiting; the rate-limit counters keyed by their address; the dead letters about them.
   * Then, once that is committed, the store's stored Salla events about them, in batches (a
   * large store has millions): only what the ledger needs stays (ids, amounts, statuses). From
   * the commit on, Salla's events about them are stored without their data (a trigger, migration
   * 0017), so the pass misses nothing; should it fail, erasing again finishes it. Points, orders,
   * coupons and referrals stay under Salla's numeric id, so every total stays true.
   */
  async function erase(merchantId: number, id: string) {
    const customerId = customerIdOf(id);
    if (customerId === null) throw new AppError('NOT_FOUND');
    const at = ctx.now();
    const { orderIds, ...counts } = await db.transaction(async (tx) => {
      const customer = await lockCustomer(tx, merchantId, customerId);
      if (!customer) throw new AppError('NOT_FOUND');
      // One after another: a transaction's queries share its connection.
      const codeEmails = await findShopperCodeEmails(tx, merchantId, customerId);
      const friendEmails = await findFriendEmailsOf(tx, merchantId, customerId);
      const orderIds = await findOrderIdsOf(tx, merchantId, customerId);
      const person = erasedPerson({
        addresses: [customer.email, ...codeEmails, ...friendEmails],
        mobile: customer.mobile,
        firstName: customer.firstName,
        lastName: customer.lastName,
      });
      const redact = (text: string) => redactPerson(text, person);
      await eraseShopperProfile(tx, merchantId, customerId, at);
      const sessionsEnded = await endShopperAccess(tx, merchantId, customerId, at);
      await rewriteLedgerNotes(tx, { merchantId, customerId, rewrite: redact });
      await rewriteAdjustmentReasons(tx, merchantId, customerId, redact);
      const referralsBlanked = await forgetFriendEmails(tx, merchantId, {
        customerId,
        emailKeys: person.emailKeys,
      });
      await skipNotificationsOfErased(tx, { merchantId, customerId, at });
      await forgetRateLimitsOf(tx, {
        merchantId,
        emailKeys: person.emailKeys,
        mobileDigits: person.mobileDigits,
      });
      const deadLettersBlanked = await redactShopperDeadLetters(tx, merchantId, {
        customerId,
        orderIds,
        patterns: textPatterns(person),
      });
      return { orderIds, sessionsEnded, deadLettersBlanked, referralsBlanked };
    });
    const webhookPayloadsBlanked = await redactShopperEvents(db, merchantId, {
      customerId,
      orderIds,
    });
    const customer = await customerOf(merchantId, id);
    return { customer: toSummary(customer), ...counts, webhookPayloadsBlanked };
  }

  return { exportData, erase };
}
