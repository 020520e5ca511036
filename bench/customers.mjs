// Benchmark of the customers screens (issue 13) on a large store, against plain pgbench on the
// same server: a list page in each sort, a page further in with its cursor, searches, the filters,
// one shopper's account and ledger.
//
//   npm run build              (once: the benchmark runs the production bundle)
//   npm run bench:customers    (BENCH_CUSTOMERS=100000 for a quicker look;
//                               BENCH_DATABASE_URL=… reuses a store npm run seed:large built)
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
const mobileOf = (i) => `+9665${String((BigInt(i) * 7919n) % 100000000n).padStart(8, '0')}`;

runMain(() =>
  runLargeStoreBench({
    name: 'customers',
    firstColumn: 'Request',
    requests: async ({ get, seed }) => {
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

      return list;
    },
  }),
);
