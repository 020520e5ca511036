import type { SandboxCatalogue } from './catalogue.ts';
import {
  orderModel,
  webhooks,
  type CustomerFacts,
  type Envelope,
  type OrderFacts,
} from './payloads.ts';

/** The demo store's customers (the storefront page signs the first one in by default). */
export function demoCustomers(): CustomerFacts[] {
  const names: [string, string][] = [
    ['سارة', 'العتيبي'],
    ['محمد', 'القحطاني'],
    ['نورة', 'الشهري'],
    ['عبدالله', 'الدوسري'],
    ['ريم', 'الغامدي'],
    ['فهد', 'الزهراني'],
    ['لمى', 'الحربي'],
    ['خالد', 'المطيري'],
  ];
  return names.map(([firstName, lastName], i) => ({
    id: 880_000_100 + i,
    firstName,
    lastName,
    email: `customer${i + 1}@demo.nuqat.sa`,
    birthday: `199${i}-0${(i % 9) + 1}-1${i}`,
  }));
}

/** The demo store's products, as its orders' lines name them. */
const PRODUCTS = [
  { productId: 720_881_001, name: 'عطر العود الملكي' },
  { productId: 720_881_002, name: 'دهن المسك الأبيض' },
  { productId: 720_881_003, name: 'بخور كمبودي' },
  { productId: 720_881_004, name: 'بطاقة هدية' },
];

/**
 * The demo store's catalogue as List Categories and List Products give it
 * (docs/reference/salla-catalogue.md): perfumes (oud, musk), incense, gift cards, the oud in
 * the store's "Ramadan picks" too.
 */
export function demoCatalogue(): SandboxCatalogue {
  const [oud, musk, incense, gift] = PRODUCTS.map((p) => p.productId) as [
    number,
    number,
    number,
    number,
  ];
  return {
    categories: [
      { id: 880_001, name: 'العطور' },
      { id: 880_002, name: 'البخور' },
      { id: 880_003, name: 'بطاقات الهدايا' },
      { id: 880_004, name: 'مختارات رمضان' },
    ],
    products: [
      { id: oud, name: PRODUCTS[0]!.name, categoryIds: [880_001, 880_004] },
      { id: musk, name: PRODUCTS[1]!.name, categoryIds: [880_001] },
      { id: incense, name: PRODUCTS[2]!.name, categoryIds: [880_002] },
      { id: gift, name: PRODUCTS[3]!.name, categoryIds: [880_003] },
    ],
  };
}

/** A believable store history for the demo: customers, orders over two months, a cancel, a refund, reviews. */
export function demoStoreHistory(
  merchantId: number,
  now = new Date(),
  /** Records an order as Salla's Merchant API returns it after a change (the partial refund). */
  setOrder: (
    merchantId: number,
    order: { id: number } & Record<string, unknown>,
  ) => void = () => {},
): Envelope[] {
  const day = 86_400_000;
  const at = (daysAgo: number, minute = 0) =>
    new Date(now.getTime() - daysAgo * day + minute * 60_000);
  const customers = demoCustomers();
  const events: Envelope[] = [];
  // Order i is customer i % 8's, placed `orderDaysAgo(i)` days ago; each customer joins three
  // days before their first order, so no one's "joined" date comes after their orders.
  const orderDaysAgo = (i: number) => 55 - i * 2.5;
  customers.forEach((c, i) =>
    events.push(webhooks.customerCreated(merchantId, c, at(orderDaysAgo(i) + 3))),
  );

  let orderId = 990_000_000;
  const totals = [
    180, 95, 320, 140, 75, 260, 410, 120, 230, 88, 150, 199, 340, 60, 275, 130, 99, 450, 210, 165,
  ];
  totals.forEach((total, i) => {
    const c = customers[i % customers.length]!;
    const daysAgo = orderDaysAgo(i);
    const order: OrderFacts = {
      id: ++orderId,
      customer: c,
      total,
      status: 'under_review',
      placedAt: at(daysAgo),
      // Its lines (reference §2.7 `items[]`): one of the store's products, a second on some.
      lines:
        i % 3 === 0
          ? [
              { ...PRODUCTS[i % PRODUCTS.length]!, amount: total - 40 },
              { ...PRODUCTS[(i + 1) % PRODUCTS.length]!, amount: 40 },
            ]
          : [{ ...PRODUCTS[i % PRODUCTS.length]!, amount: total }],
    };
    events.push(webhooks.orderCreated(merchantId, order, at(daysAgo)));
    events.push(
      webhooks.orderStatusUpdated(merchantId, { ...order, status: 'completed' }, at(daysAgo - 1)),
    );
    if (i === 4) events.push(webhooks.orderCancelled(merchantId, order, at(daysAgo - 2)));
    if (i === 9) {
      // 30 SAR refunded: Nuqat reads the order's remaining total from the Merchant API.
      setOrder(merchantId, orderModel({ ...order, status: 'completed', total: total - 30 }));
      events.push(
        webhooks.orderRefunded(merchantId, { ...order, status: 'completed' }, at(daysAgo - 2)),
      );
    }
  });
  // Two orders still waiting for payment: they earn nothing yet.
  events.push(
    webhooks.orderCreated(
      merchantId,
      { id: ++orderId, customer: customers[2]!, total: 150, status: 'payment_pending' },
      at(1),
    ),
  );
  events.push(
    webhooks.orderCreated(
      merchantId,
      { id: ++orderId, customer: customers[5]!, total: 90, status: 'payment_pending' },
      at(0.5),
    ),
  );

  [5, 4, 5, 3, 5].forEach((rating, i) =>
    events.push(
      webhooks.reviewAdded(
        merchantId,
        { id: 770_000_000 + i, customer: customers[i]!, rating, productId: 1_653_503_260 + i },
        at(40 - i * 6),
      ),
    ),
  );
  return events;
}
