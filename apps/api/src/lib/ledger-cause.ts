import type { LedgerCause } from '@nuqat/contracts';

/** What a ledger row needs for its cause: kind, source type and idempotency key. */
export interface LedgerCauseFacts {
  kind: string;
  sourceType: string;
  idempotencyKey: string;
}

const EARN_SOURCES = ['order', 'repeat_purchase', 'signup', 'birthday', 'review'] as const;

/**
 * Why a ledger row happened, in words a screen can label (the customer's account and the
 * dashboard's recent activity read the same rule).
 */
export function ledgerCause(row: LedgerCauseFacts): LedgerCause {
  switch (row.kind) {
    case 'earn':
      return EARN_SOURCES.find((s) => s === row.sourceType) ?? 'other';
    case 'clawback':
      return row.sourceType === 'debt' ? 'debt_repaid' : 'refund';
    case 'redeem':
      return row.idempotencyKey.startsWith('coupon_reclaim:') ? 'coupon_reclaimed' : 'redemption';
    case 'redeem_rollback':
      return row.idempotencyKey.startsWith('coupon_cancel:')
        ? 'coupon_cancelled'
        : row.idempotencyKey.startsWith('coupon_withdraw:')
          ? 'coupon_withdrawn'
          : 'redemption_returned';
    case 'expire':
      return 'expiry';
    case 'adjust':
      return row.sourceType === 'debt' ? 'debt_forgiven' : 'adjustment';
    case 'referral':
      return 'referral';
    case 'import':
      return 'import';
    default:
      return 'other';
  }
}
