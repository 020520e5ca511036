/** Salla's customer and order models and its two time formats, as the webhooks carry them (reference §2). */

export interface CustomerFacts {
  id: number;
  firstName: string;
  lastName: string;
  /** `null`: a shopper who signed up by mobile only (Salla's `email` is then empty). */
  email?: string | null;
  mobile?: number;
  /** YYYY-MM-DD */
  birthday?: string | null;
}

export interface OrderFacts {
  id: number;
  customer: CustomerFacts | null;
  /** SAR: what the shopper pays (sub-total + shipping + tax − discount). */
  total: number;
  /** SAR, when the order's parts matter (points per riyal); by default the total is all sub-total. */
  shipping?: number;
  tax?: number;
  discount?: number;
  /** The discount's code (Salla's `amounts.discounts[].code`); 'OFFER' by default. */
  couponCode?: string;
  status: string;
  placedAt?: Date;
  referenceId?: number;
  /**
   * The order's lines as Salla sends them (reference §2.7 `items[]`: `product.id`, `name`,
   * `quantity`, `amounts.total`); `null` sends none. By default one line without its product.
   */
  lines?: { productId: number; name: string; amount: number; quantity?: number }[] | null;
}

export const RIYADH_MS = 3 * 3_600_000;
export const pad = (n: number) => String(n).padStart(2, '0');
export const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/** "Sun Jun 26 2022 12:21:48 GMT+0300" */
export function storeEventTime(at: Date): string {
  const r = new Date(at.getTime() + RIYADH_MS);
  return `${DAYS[r.getUTCDay()]} ${MONTHS[r.getUTCMonth()]} ${pad(r.getUTCDate())} ${r.getUTCFullYear()} ${pad(r.getUTCHours())}:${pad(r.getUTCMinutes())}:${pad(r.getUTCSeconds())} GMT+0300`;
}

/** "2022-12-31 12:31:25" in Riyadh time */
export function appEventTime(at: Date): string {
  const r = new Date(at.getTime() + RIYADH_MS);
  return `${r.getUTCFullYear()}-${pad(r.getUTCMonth() + 1)}-${pad(r.getUTCDate())} ${pad(r.getUTCHours())}:${pad(r.getUTCMinutes())}:${pad(r.getUTCSeconds())}`;
}

export const carbon = (at: Date) => ({
  date: `${appEventTime(at)}.000000`,
  timezone_type: 3,
  timezone: 'Asia/Riyadh',
});

export const STATUS_NAMES: Record<string, string> = {
  payment_pending: 'بإنتظار الدفع',
  under_review: 'بإنتظار المراجعة',
  in_progress: 'قيد التنفيذ',
  completed: 'تم التنفيذ',
  delivering: 'جاري التوصيل',
  delivered: 'تم التوصيل',
  shipped: 'تم الشحن',
  canceled: 'ملغي',
  restoring: 'قيد الاسترجاع',
  restored: 'مسترجع',
};

/** A customer's mobile, the same in every event that carries it (customer, order, review). */
export const mobileOf = (c: Pick<CustomerFacts, 'id' | 'mobile'>) =>
  c.mobile ?? 500000000 + (c.id % 100_000_000);

export function customerModel(c: CustomerFacts) {
  return {
    id: c.id,
    first_name: c.firstName,
    last_name: c.lastName,
    mobile: mobileOf(c),
    mobile_code: '+966',
    email: c.email === null ? '' : (c.email ?? `customer${c.id}@example.com`),
    urls: {
      customer: `https://store.salla.sa/profile`,
      admin: `https://s.salla.sa/customers/${c.id}`,
    },
    avatar: 'https://cdn.assets.salla.network/prod/admin/cp/assets/images/avatar_male.png',
    gender: 'female',
    birthday: c.birthday
      ? { date: `${c.birthday} 00:00:00.000000`, timezone_type: 3, timezone: 'Asia/Riyadh' }
      : null,
    city: 'الرياض',
    country: 'السعودية',
    country_code: 'SA',
    currency: 'SAR',
    location: '',
    groups: [],
  };
}

function itemsOf(o: OrderFacts) {
  if (o.lines === null) return [];
  if (!o.lines)
    return [
      {
        id: o.id * 10,
        name: 'عطر العود',
        quantity: 1,
        amounts: { total: { amount: o.total, currency: 'SAR' } },
      },
    ];
  return o.lines.map((l, i) => ({
    id: o.id * 10 + i,
    name: l.name,
    sku: `SKU-${l.productId}`,
    quantity: l.quantity ?? 1,
    currency: 'SAR',
    amounts: { total: { amount: l.amount, currency: 'SAR' } },
    product: { id: l.productId, type: 'product' },
    options: [],
  }));
}

export function orderModel(o: OrderFacts, extra: Record<string, unknown> = {}) {
  const placed = o.placedAt ?? new Date();
  return {
    id: o.id,
    reference_id: o.referenceId ?? 40_000_000 + (o.id % 1_000_000),
    urls: { customer: 'https://store.salla.sa/order', admin: `https://s.salla.sa/orders/${o.id}` },
    date: carbon(placed),
    source: 'store',
    status: {
      id: 566146469,
      name: STATUS_NAMES[o.status] ?? o.status,
      slug: o.status,
      customized: null,
    },
    payment_method: 'mada',
    currency: 'SAR',
    amounts: {
      sub_total: {
        amount: o.total - (o.shipping ?? 0) - (o.tax ?? 0) + (o.discount ?? 0),
        currency: 'SAR',
      },
      shipping_cost: { amount: o.shipping ?? 0, currency: 'SAR' },
      cash_on_delivery: { amount: 0, currency: 'SAR' },
      tax: {
        percent: o.tax ? '15.00' : '0.00',
        amount: { amount: o.tax ?? 0, currency: 'SAR' },
      },
      // As documented: the discount is a decimal string.
      discounts: o.discount
        ? [
            {
              title: 'خصم',
              type: 'special',
              code: o.couponCode ?? 'OFFER',
              discount: o.discount.toFixed(2),
              discounted_shipping: 0,
            },
          ]
        : [],
      total: { amount: o.total, currency: 'SAR' },
    },
    is_pending_payment: o.status === 'payment_pending',
    customer: o.customer ? customerModel(o.customer) : null,
    items: itemsOf(o),
    ...extra,
  };
}
