/*
 * Order statuses for "when points count" (docs/decisions/010). Plain constants, no Zod: the
 * shopper's loyalty page imports them through `@nuqat/contracts/plain`.
 */

/**
 * Salla order status slugs (reference §2.7) a merchant may choose as "the points count from here":
 * the paid-and-handled ones. payment_pending, canceled, restoring and restored never release
 * points. Listed from the latest status to the earliest.
 */
export const POINTS_SPENDABLE_STATUSES = [
  'completed',
  'delivered',
  'shipped',
  'delivering',
  'in_progress',
  'under_review',
] as const;
export type PointsSpendableStatus = (typeof POINTS_SPENDABLE_STATUSES)[number];

/** Salla's default names of those statuses (a store may rename them; the slug stays). */
export const ORDER_STATUS_LABELS: Record<PointsSpendableStatus, { ar: string; en: string }> = {
  completed: { ar: 'تم التنفيذ', en: 'Completed' },
  delivered: { ar: 'تم التوصيل', en: 'Delivered' },
  shipped: { ar: 'تم الشحن', en: 'Shipped' },
  delivering: { ar: 'جاري التوصيل', en: 'Out for delivery' },
  in_progress: { ar: 'قيد التنفيذ', en: 'In progress' },
  under_review: { ar: 'بإنتظار المراجعة', en: 'Under review' },
};

/** The database default: points count once an order is completed or delivered. */
export const POINTS_SPENDABLE_DEFAULT: readonly PointsSpendableStatus[] = [
  'completed',
  'delivered',
];
export const POINTS_HOLD_MAX_DAYS = 365;
