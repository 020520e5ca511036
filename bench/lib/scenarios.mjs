// The three measured scenarios. Each request is a correctly signed Salla webhook built with the
// sandbox's payload builders; every answer is checked (a wrong one fails the run), and what was
// acknowledged is recorded for the ledger checks that follow.
import { randomInt } from 'node:crypto';
import autocannon from 'autocannon';
import { WEBHOOK_PATH } from './harness.mjs';

const PROCESSED = '"outcome":"processed"';
const DUPLICATE = '"outcome":"duplicate"';
/** Signed bodies kept for redelivery; enough variety that no cache of a few bodies can help. */
const MAX_KEPT_BODIES = 50_000;
/** At most one "is it committed?" probe every this many ms during scenario 1. */
const PROBE_EVERY_MS = 20;

function runAutocannon(bench, title, request) {
  return autocannon({
    title,
    url: `${bench.api.baseUrl}${WEBHOOK_PATH}`,
    method: 'POST',
    connections: bench.config.connections,
    duration: bench.config.seconds,
    requests: [request],
  });
}

/** A random one of `items`. */
export const pick = (items) => items[randomInt(items.length)];
const orderTotal = (orderId) => 50 + (orderId % 450);

/** autocannon's request with a signed delivery's body and headers ({ body, headers }). */
export function withSigned(request, signed) {
  return { ...request, body: signed.body, headers: { ...request.headers, ...signed.headers } };
}

/**
 * Scenario 1: every request a distinct order, placed `completed` (so its points are spendable at
 * once) by a random shopper of a random store. While it runs, some acknowledged orders are probed
 * at once on a separate connection: a 200 must mean the points are already committed.
 */
export async function measureNewOrders(bench, stores, { firstOrderId }) {
  const { webhooks, sign } = bench.sandbox;
  let nextOrderId = firstOrderId;
  const acknowledged = new Map();
  const bodies = [];
  const unexpected = [];
  const probe = { sent: 0, missing: [], busy: false, last: 0 };
  const probeCommitted = (merchantId, orderId) => {
    probe.busy = true;
    probe.last = Date.now();
    probe.sent += 1;
    bench.live.own += 1;
    bench.db
      .query(
        `select count(*)::int as n from points_ledger
          where merchant_id = $1 and source_type = 'order' and source_id = $2 and kind = 'earn'`,
        [merchantId, String(orderId)],
      )
      .then(({ rows }) => {
        if (rows[0].n !== 1) probe.missing.push(`order ${orderId}: ${rows[0].n} earn rows`);
      })
      .catch((error) => probe.missing.push(`probe failed: ${error.message}`))
      .finally(() => (probe.busy = false));
  };
  const result = await runAutocannon(bench, 'order.created, new', {
    setupRequest(request, context) {
      const store = pick(stores);
      const orderId = nextOrderId++;
      const envelope = webhooks.orderCreated(store.merchantId, {
        id: orderId,
        customer: store.shopper(randomInt(1, store.shopperCount + 1)),
        total: orderTotal(orderId),
        status: 'completed',
      });
      const signed = sign(envelope);
      context.sent = { merchantId: store.merchantId, orderId, signed };
      return withSigned(request, signed);
    },
    onResponse(status, body, context) {
      bench.live.answered += 1;
      const { merchantId, orderId, signed } = context.sent;
      if (status !== 200 || !body.includes(PROCESSED)) {
        unexpected.push(`order ${orderId}: ${status} ${body.slice(0, 200)}`);
        return;
      }
      acknowledged.set(orderId, merchantId);
      if (bodies.length < MAX_KEPT_BODIES) bodies.push(signed);
      if (!probe.busy && Date.now() - probe.last >= PROBE_EVERY_MS)
        probeCommitted(merchantId, orderId);
    },
  });
  while (probe.busy) await new Promise((resolve) => setTimeout(resolve, 10));
  return {
    result,
    acknowledged,
    bodies,
    unexpected,
    probe,
    firstOrderId,
    lastOrderId: nextOrderId - 1,
  };
}

/** Scenario 2: Salla's retries of events already acknowledged — many different bodies. */
export async function measureRedeliveries(bench, bodies) {
  const unexpected = [];
  const result = await runAutocannon(bench, 'redeliveries', {
    setupRequest: (request) => withSigned(request, pick(bodies)),
    onResponse(status, body) {
      bench.live.answered += 1;
      if (status !== 200 || !body.includes(DUPLICATE))
        unexpected.push(`${status} ${body.slice(0, 200)}`);
    },
  });
  return { result, unexpected, distinctBodies: bodies.length };
}

/**
 * How orders go in the mix (weights in %). `created`/`status` carry the order's status slug;
 * points become spendable at completed/delivered (the stores' default), a cancelled or refunded
 * order ends with none.
 */
export const LIFECYCLES = [
  {
    name: 'paid, completed, delivered',
    weight: 40,
    steps: [
      ['created', 'in_progress'],
      ['status', 'completed'],
      ['status', 'delivered'],
    ],
  },
  { name: 'completed at once', weight: 20, steps: [['created', 'completed']] },
  {
    name: 'bank transfer: under_review → in_progress → completed',
    weight: 15,
    steps: [
      ['created', 'under_review'],
      ['status', 'in_progress'],
      ['status', 'completed'],
    ],
  },
  { name: 'still under review (pending points)', weight: 14, steps: [['created', 'under_review']] },
  {
    name: 'cancelled while under review',
    weight: 5,
    steps: [['created', 'under_review'], ['cancelled']],
  },
  {
    name: 'cancelled after completion',
    weight: 2,
    steps: [['created', 'completed'], ['cancelled']],
  },
  {
    name: 'delivered, then refunded in full',
    weight: 4,
    steps: [['created', 'completed'], ['status', 'delivered'], ['refunded']],
  },
];
const SPENDABLE = new Set(['completed', 'delivered']);
const REDELIVERY_SHARE = 0.02;
const MIX_KEPT_BODIES = 5_000;

/** Whether an order whose first `n` steps were applied should hold its points. */
export function earnsAfter(lifecycle, n) {
  const applied = lifecycle.steps.slice(0, n);
  return (
    applied.some(
      ([kind, slug]) => (kind === 'created' || kind === 'status') && SPENDABLE.has(slug),
    ) && !applied.some(([kind]) => kind === 'cancelled' || kind === 'refunded')
  );
}

function pickLifecycle() {
  let roll = randomInt(100);
  for (const lifecycle of LIFECYCLES) {
    if (roll < lifecycle.weight) return lifecycle;
    roll -= lifecycle.weight;
  }
  return LIFECYCLES[0];
}

/**
 * Scenario 3: many small stores plus two stores in a sale (half of all new orders). An order's
 * next event is sent once its previous one was acknowledged, before any new order starts; 2 % of
 * requests are redeliveries of acknowledged events.
 */
export async function measureMix(bench, { smallStores, saleStores, firstOrderId }) {
  const { webhooks, orderModel, sign, server } = bench.sandbox;
  let nextOrderId = firstOrderId;
  const orders = [];
  const ready = [];
  let readyHead = 0;
  const kept = [];
  let acknowledgedEvents = 0;
  const unexpected = [];
  const eventCounts = new Map();

  function newOrder() {
    const store = randomInt(2) === 0 ? pick(saleStores) : pick(smallStores);
    const id = nextOrderId++;
    const order = {
      id,
      merchantId: store.merchantId,
      customer: store.shopper(randomInt(1, store.shopperCount + 1)),
      total: orderTotal(id),
      lifecycle: pickLifecycle(),
      applied: 0,
      inFlight: false,
    };
    orders.push(order);
    return order;
  }

  function envelopeOf(order) {
    const [kind, slug] = order.lifecycle.steps[order.applied];
    const facts = { id: order.id, customer: order.customer, total: order.total, status: slug };
    if (kind === 'created') return webhooks.orderCreated(order.merchantId, facts);
    if (kind === 'status') return webhooks.orderStatusUpdated(order.merchantId, facts);
    if (kind === 'cancelled') return webhooks.orderCancelled(order.merchantId, facts);
    // order.refunded names no amount: the engine asks the Merchant API, which shows nothing left.
    server.setOrder(order.merchantId, orderModel({ ...facts, total: 0, status: 'delivered' }));
    return webhooks.orderRefunded(order.merchantId, { ...facts, status: 'delivered' });
  }

  const result = await runAutocannon(bench, 'mix', {
    setupRequest(request, context) {
      if (kept.length > 0 && Math.random() < REDELIVERY_SHARE) {
        context.sent = { redelivery: true };
        return withSigned(request, pick(kept));
      }
      const order = readyHead < ready.length ? ready[readyHead++] : newOrder();
      if (readyHead > 10_000) {
        ready.splice(0, readyHead);
        readyHead = 0;
      }
      const envelope = envelopeOf(order);
      const signed = sign(envelope);
      order.inFlight = true;
      context.sent = { order, signed, event: envelope.event };
      return withSigned(request, signed);
    },
    onResponse(status, body, context) {
      bench.live.answered += 1;
      const { order, signed, event, redelivery } = context.sent;
      const expected = redelivery ? DUPLICATE : PROCESSED;
      const label = redelivery ? 'redelivery' : event;
      if (status !== 200 || !body.includes(expected)) {
        unexpected.push(
          `${label}${order ? ` (order ${order.id})` : ''}: ${status} ${body.slice(0, 200)}`,
        );
        return;
      }
      eventCounts.set(label, (eventCounts.get(label) ?? 0) + 1);
      if (redelivery) return;
      acknowledgedEvents += 1;
      order.applied += 1;
      order.inFlight = false;
      if (order.applied < order.lifecycle.steps.length) ready.push(order);
      if (kept.length < MIX_KEPT_BODIES) kept.push(signed);
      else if (Math.random() < 0.1) kept[randomInt(kept.length)] = signed;
    },
  });
  return { result, orders, unexpected, eventCounts, acknowledgedEvents };
}
