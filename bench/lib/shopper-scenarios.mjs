// The shopper's side under load: signing shoppers in the way the loyalty page does (a code by
// e-mail, then the token), their loyalty data read by many at once, and redemptions. Every answer
// is kept for the checks against the ledger that follow (shopper-checks.mjs).
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { callApi, eachLimited, readMailedCodes, RunFailed, sleep } from './harness.mjs';
import { pick } from './scenarios.mjs';

/** A shopper's own address (TRUST_PROXY=1), so the per-address sign-in limits do not stop the set-up. */
const shopperIp = (i) => `172.${16 + ((i >> 16) & 15)}.${(i >> 8) & 255}.${i & 255}`;

/**
 * Each shopper asks for a code (POST /api/customers/auth/request-code), the bench reads it from
 * the mail the API sent, and trades it for a token (verify-code), as the loyalty page does
 * (decisions 006 and 030). Returns [{ merchantId, customerId, token }].
 */
export async function signInShoppers(bench, stores, { concurrency }) {
  const shoppers = stores.flatMap((store) =>
    Array.from({ length: store.shopperCount }, (_, i) => ({ store, facts: store.shopper(i + 1) })),
  );
  const started = Date.now();
  const requested = new Map();
  let n = 0;
  await eachLimited(shoppers, concurrency, async ({ store, facts }) => {
    const ip = shopperIp(n++);
    const answer = await callApi(bench, '/api/customers/auth/request-code', {
      body: { merchantId: String(store.merchantId), email: facts.email, lang: 'ar' },
      ip,
    });
    requested.set(facts.email, { store, facts, ip, requestId: answer.requestId });
  });
  // The mails leave after each answer: wait (briefly) until every shopper has one.
  let codes = await readMailedCodes(bench.dataDir);
  for (let tries = 0; tries < 100 && shoppers.some((s) => !codes.has(s.facts.email)); tries++) {
    await sleep(300);
    codes = await readMailedCodes(bench.dataDir);
  }
  const signedIn = [];
  await eachLimited(
    [...requested.values()],
    concurrency,
    async ({ store, facts, ip, requestId }) => {
      const code = codes.get(facts.email);
      if (!code) throw new RunFailed(`no sign-in mail for ${facts.email}`);
      const session = await callApi(bench, '/api/customers/auth/verify-code', {
        body: { merchantId: String(store.merchantId), email: facts.email, code, requestId },
        ip,
      });
      signedIn.push({
        merchantId: store.merchantId,
        customerId: facts.id,
        token: session.data.token,
      });
    },
  );
  console.log(
    `  ${signedIn.length} shoppers signed in (code by e-mail, then the token) in ` +
      `${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return signedIn;
}

function runAutocannon(bench, title, request, { seconds }) {
  return autocannon({
    title,
    url: bench.api.baseUrl,
    connections: bench.config.connections,
    duration: seconds,
    requests: [request],
  });
}

const POINTS = /"availablePoints":(-?\d+)/;

/**
 * GET /api/customers/loyalty/{store}/{customer}: a random signed-in shopper per request, with
 * their own token. Every 200 must carry the shopper's balance, kept for the ledger check.
 */
export async function measureReads(bench, shoppers, { seconds }) {
  const unexpected = [];
  const answered = [];
  const result = await runAutocannon(
    bench,
    'shopper reads',
    {
      method: 'GET',
      setupRequest(request, context) {
        const shopper = pick(shoppers);
        context.shopper = shopper;
        return {
          ...request,
          path: `/api/customers/loyalty/${shopper.merchantId}/${shopper.customerId}?lang=ar`,
          headers: { authorization: `Bearer ${shopper.token}` },
        };
      },
      onResponse(status, body, context) {
        bench.live.answered += 1;
        const points = POINTS.exec(body);
        if (status !== 200 || !points) {
          unexpected.push(`${context.shopper.customerId}: ${status} ${body.slice(0, 200)}`);
          return;
        }
        answered.push([context.shopper, Number(points[1])]);
      },
    },
    { seconds },
  );
  return { result, unexpected, answered };
}

/**
 * POST /api/customers/loyalty/{store}/{customer}/redeem: a random signed-in shopper per request,
 * a new request id each time. 200 is a coupon issued at the sandbox; 409 INSUFFICIENT_POINTS is
 * the right answer once a shopper's points are spent (two of the same shopper's redemptions can
 * be in flight at once). Anything else is wrong.
 */
export async function measureRedemptions(bench, shoppers, { rewardIds, seconds }) {
  const unexpected = [];
  const issued = [];
  let refused = 0;
  const result = await runAutocannon(
    bench,
    'redemptions',
    {
      method: 'POST',
      setupRequest(request, context) {
        const shopper = pick(shoppers);
        context.shopper = shopper;
        return {
          ...request,
          path: `/api/customers/loyalty/${shopper.merchantId}/${shopper.customerId}/redeem`,
          headers: {
            authorization: `Bearer ${shopper.token}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            rewardId: rewardIds.get(shopper.merchantId),
            requestId: randomUUID(),
          }),
        };
      },
      onResponse(status, body, context) {
        bench.live.answered += 1;
        if (status === 409 && body.includes('"INSUFFICIENT_POINTS"')) {
          refused += 1;
          return;
        }
        const code = /"code":"([^"]+)"/.exec(body)?.[1];
        if (status !== 200 || !code) {
          unexpected.push(`${context.shopper.customerId}: ${status} ${body.slice(0, 200)}`);
          return;
        }
        issued.push({ ...context.shopper, code });
      },
    },
    { seconds },
  );
  return { result, unexpected, issued, refused };
}
