// Benchmark of the customers screens (issue 13) on a large store, against plain pgbench on the
// same server: a list page in each sort, a page further in with its cursor, searches, the filters,
// one shopper's account and ledger; VIP tiers (issue 14): the pass that puts every shopper in a
// tier after the merchant saves them (timed), the programme with its counts, the preview of a
// draft, the list filtered by tier.
//
//   npm run build              (once: the benchmark runs the production bundle)
//   npm run bench:customers    (BENCH_CUSTOMERS=100000 for a quicker look;
//                               BENCH_DATABASE_URL=… reuses a store npm run seed:large built;
//                               BENCH_TIERS=0 leaves the tiers out: their pass rewrites every
//                               shopper of the store, and takes minutes at 1,000,000)
//
// How it runs and what it prints: bench/lib/large-store.mjs. Exit code 1 when an answer is wrong
// (the first page not full, a searched shopper not found, another shopper's account), never for
// slowness.
import { RunFailed } from './lib/harness.mjs';
import { runLargeStoreBench, runMain } from './lib/large-store.mjs';

/** Requests of a seeded store (shopper i: e-mail shopper<i>@example.com, ids 1…N). */
function endpoints(customers, cursor) {
  const mid = Math.floor(customers / 2);
  return [
    { name: 'list: newest joined (page of 25)', url: '/api/merchants/customers' },
    { name: 'list: by balance', url: '/api/merchants/customers?sort=balance' },
    { name: 'list: by last order', url: '/api/merchants/customers?sort=last_order' },
    { name: 'list: by spend, ascending', url: '/api/merchants/customers?sort=spend&order=asc' },
    { name: 'list: the next page (cursor)', url: `/api/merchants/customers?cursor=${cursor}` },
    {
      name: 'list: balance 100–200, by balance',
      url: '/api/merchants/customers?sort=balance&minBalance=100&maxBalance=200',
    },
    { name: 'list: inactive 90 days', url: '/api/merchants/customers?inactiveDays=90' },
    { name: 'search: an e-mail', url: `/api/merchants/customers?q=shopper${mid}@example.com` },
    {
      name: 'search: a mobile (05…)',
      url: `/api/merchants/customers?q=0${mobileOf(mid).slice(-9)}`,
    },
    { name: 'search: part of an e-mail', url: `/api/merchants/customers?q=pper${mid}@` },
    { name: 'search: a Salla id', url: `/api/merchants/customers?q=${mid}` },
    {
      name: 'search: a common name',
      url: `/api/merchants/customers?q=${encodeURIComponent('العتيبي')}`,
    },
    { name: "account: one shopper's", url: `/api/merchants/customers/${mid}` },
    { name: 'account: their ledger', url: `/api/merchants/customers/${mid}/ledger` },
  ];
}
/** Two tiers on lifetime spend, and the time the store-wide pass takes to place every shopper. */
const TIERS = {
  enabled: true,
  basis: 'spend',
  window: 'lifetime',
  graceDays: 30,
  tiers: [
    { nameAr: 'فضي', nameEn: 'Silver', colour: '#94a3b8', threshold: 200, multiplierPct: 125 },
    { nameAr: 'ذهبي', nameEn: 'Gold', colour: '#eab308', threshold: 1000, multiplierPct: 150 },
  ],
};

async function tierRequests({ get, send, seed }) {
  const started = performance.now();
  const saved = (await send('/api/tiers', { method: 'PUT', body: TIERS })).body.data;
  let config = saved;
  while (config.recomputing) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    config = (await get('/api/tiers')).body.data;
  }
  const seconds = (performance.now() - started) / 1000;
  const placed = config.tiers.reduce((n, t) => n + t.customers, 0) + config.untiered;
  if (placed !== seed.customers)
    throw new RunFailed(`tiers: ${placed} shoppers counted of ${seed.customers}`);
  console.log(
    `tiers: the pass placed ${seed.customers} shoppers in ${seconds.toFixed(1)} s ` +
      `(${config.tiers.map((t) => `${t.nameEn} ${t.customers}`).join(', ')}, none ${config.untiered})`,
  );
  const preview = (await send('/api/tiers/preview', { method: 'POST', body: TIERS })).body.data;
  if (preview.tiers.join() !== config.tiers.map((t) => t.customers).join())
    throw new RunFailed(`tiers: the preview ${preview.tiers} is not the pass's counts`);
  const gold = config.tiers[1].id;
  const top = (await get(`/api/merchants/customers?tier=${gold}`)).body.data.items;
  if (top.some((c) => c.tier?.id !== gold)) throw new RunFailed('tiers: the filter let others in');
  const points = { ...TIERS, basis: 'points', window: 'rolling_12_months' };
  return [
    { name: 'tiers: the programme with its counts', url: '/api/tiers' },
    {
      name: 'tiers: preview (the saved basis)',
      url: '/api/tiers/preview',
      method: 'POST',
      body: TIERS,
    },
    {
      name: 'tiers: preview (points, 12 months: from the ledger)',
      url: '/api/tiers/preview',
      method: 'POST',
      body: points,
    },
    { name: 'list: one tier', url: `/api/merchants/customers?tier=${gold}` },
    { name: 'list: no tier, by balance', url: '/api/merchants/customers?tier=none&sort=balance' },
  ];
}

const mobileOf = (i) => `+9665${String((BigInt(i) * 7919n) % 100000000n).padStart(8, '0')}`;

runMain(() =>
  runLargeStoreBench({
    name: 'customers',
    firstColumn: 'Request',
    requests: async ({ get, send, seed }) => {
      // The answers are the seeded store's: a full first page, the shoppers searched for found.
      const { body } = await get('/api/merchants/customers');
      if (body.data.items.length !== 25 || !body.data.nextCursor)
        throw new RunFailed(`list: ${body.data.items.length} shoppers on the first page`);
      const list = endpoints(seed.customers, body.data.nextCursor);
      const mid = String(Math.floor(seed.customers / 2));
      for (const e of list.filter((e) =>
        /^search: (an e-mail|a mobile|a Salla id|part of an e-mail)/.test(e.name),
      )) {
        const found = (await get(e.url)).body.data.items.map((c) => c.id);
        if (!found.includes(mid)) throw new RunFailed(`${e.name}: shopper ${mid} not found`);
      }
      const account = (await get(`/api/merchants/customers/${mid}`)).body.data;
      if (account.customer.id !== mid) throw new RunFailed('account: not the shopper asked for');

      if (process.env.BENCH_TIERS === '0') return list;
      return [...list, ...(await tierRequests({ get, send, seed }))];
    },
  }),
);
