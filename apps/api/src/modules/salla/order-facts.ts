import type { ReviewAddedDataSchema, SallaCustomer, SallaOrder } from '@nuqat/contracts';
import type { z } from 'zod';
import { toHalalas } from '../engine/index.ts';
import { birthdayOf, parseSallaTime } from './salla-values.ts';
import type {
  CustomerFacts,
  OrderFacts,
  OrderLine,
  OrderStage,
  ReviewFacts,
} from '../engine/index.ts';

/** Salla's customer model → the engine's profile facts (reference §2.7). */
export function customerFacts(customer: SallaCustomer): CustomerFacts {
  const facts: CustomerFacts = { id: customer.id };
  // `order.status.updated` carries only `name`; other events first_name/last_name.
  const [first, ...rest] = (customer.name ?? '').trim().split(/\s+/);
  if (customer.first_name !== undefined || customer.name)
    facts.firstName = customer.first_name ?? first ?? '';
  if (customer.last_name !== undefined || customer.name)
    facts.lastName = customer.last_name ?? rest.join(' ');
  if (customer.email !== undefined) facts.email = customer.email || null;
  if (customer.mobile !== undefined && customer.mobile !== null) {
    const mobile = String(customer.mobile);
    facts.mobile = mobile.startsWith('+') ? mobile : `${customer.mobile_code ?? ''}${mobile}`;
  }
  if (customer.avatar !== undefined) facts.avatar = customer.avatar || null;
  if (customer.birthday !== undefined) facts.birthday = birthdayOf(customer.birthday);
  return facts;
}

/**
 * The spend for points per riyal: `sub_total` less the discounts, so shipping and tax never earn
 * (reference §2.7). Without a sub-total the total is the best we have.
 */
function spendOf(order: SallaOrder, totalHalalas: number | null): number | null {
  const amounts = order.amounts;
  if (!amounts?.sub_total) return totalHalalas;
  const discounts = (amounts.discounts ?? []).reduce(
    (sum, d) => sum + toHalalas(Number(d.discount ?? 0)),
    0,
  );
  return Math.max(0, toHalalas(amounts.sub_total.amount) - discounts);
}

/**
 * Salla's order status (its slug, reference §2.7) in the engine's words: payment pending waits;
 * `canceled` cancels; a return begun (`restoring`) or done (`restored`) returns; any other status
 * is past payment and counts.
 */
export function stageOfStatus(slug: string | null | undefined): OrderStage | null {
  if (!slug) return null;
  if (slug === 'payment_pending') return 'awaiting_payment';
  if (slug === 'canceled') return 'cancelled';
  if (slug === 'restoring' || slug === 'restored') return 'returned';
  return 'placed';
}

/** Salla's order model (any order event, or `data.order` of order.status.updated) → facts. */
export function orderFacts(order: SallaOrder): OrderFacts {
  const couponDiscountHalalas: Record<string, number> = {};
  for (const d of order.amounts?.discounts ?? []) {
    const code = d.code?.trim();
    if (code) couponDiscountHalalas[code] = toHalalas(Number(d.discount ?? 0));
  }
  const total = order.amounts?.total?.amount ?? order.total?.amount;
  const totalHalalas = total === undefined ? null : toHalalas(total);
  return {
    id: order.id,
    referenceId:
      order.reference_id === null || order.reference_id === undefined
        ? null
        : String(order.reference_id),
    customer: order.customer ? customerFacts(order.customer) : null,
    totalHalalas,
    spendHalalas: spendOf(order, totalHalalas),
    statusSlug: order.status?.slug ?? null,
    statusStage: stageOfStatus(order.status?.slug),
    placedAt: parseSallaTime(order.date?.date, order.date?.timezone),
    currency: order.currency ?? 'SAR',
    couponCodes: [
      ...new Set(
        (order.amounts?.discounts ?? [])
          .map((d) => d.code?.trim())
          .filter((code): code is string => Boolean(code)),
      ),
    ],
    couponDiscountHalalas,
    lines: linesOf(order),
  };
}

/**
 * The order's lines (reference §2.7 `items[]`: `product.id`, `name`, `amounts.total`); null when
 * the event has none or any line lacks its product or amount — then no line is trusted and the
 * engine earns on the total (docs/decisions/048).
 */
export function linesOf(order: SallaOrder): OrderLine[] | null {
  const items = order.items;
  if (!items || items.length === 0) return null;
  const lines: OrderLine[] = [];
  for (const item of items) {
    const amount = item.amounts?.total?.amount;
    if (!item.product || amount === undefined || !Number.isFinite(amount) || amount < 0)
      return null;
    lines.push({
      productId: item.product.id,
      name: (item.name ?? '').trim().slice(0, 200),
      amountHalalas: toHalalas(amount),
    });
  }
  return lines;
}

export function reviewFacts(review: z.infer<typeof ReviewAddedDataSchema>): ReviewFacts {
  return {
    id: review.id ?? null,
    rating: review.rating,
    customer: customerFacts(review.customer),
    productId: review.product?.id ?? null,
    orderId: review.order?.id ?? null,
  };
}
