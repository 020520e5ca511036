// Benchmark of the merchant's figures on a large store, against plain pgbench on the same server:
// the dashboard, analytics over 30 and 365 days, a coupons page and a coupon search.
//
//   npm run build              (once: the benchmark runs the production bundle)
//   npm run bench:insights     (BENCH_CUSTOMERS=100000 for a quicker look;
//                               BENCH_DATABASE_URL=… reuses a store npm run seed:large built)
//
// How it runs and what it prints: bench/lib/large-store.mjs. Exit code 1 when an answer is not
// the seeded store's figures, never for slowness.
import { RunFailed } from './lib/harness.mjs';
import { runLargeStoreBench, runMain } from './lib/large-store.mjs';

const riyadhDay = (ms) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
const today = riyadhDay(Date.now());
const yearAgo = riyadhDay(Date.now() - 364 * 86_400_000);
const lastMonth = new Date(Date.parse(`${today.slice(0, 7)}-01`) - 86_400_000)
  .toISOString()
  .slice(0, 7);

runMain(() =>
  runLargeStoreBench({
    name: 'insights',
    firstColumn: 'Endpoint',
    requests: async ({ get, seed }) => {
      // The answers are the seeded store's: members and orders as seeded.
      const { body } = await get('/api/merchants/dashboard');
      if (body.data.totalMembers !== seed.customers)
        throw new RunFailed(
          `dashboard: ${body.data.totalMembers} members, seeded ${seed.customers}`,
        );
      if (body.data.totalOrders <= 0 || body.data.topCustomers.length !== 10)
        throw new RunFailed('dashboard: no orders or top customers');
      const roi = (await get(`/api/merchants/roi?month=${lastMonth}`)).body.data;
      if (!roi.hasControlGroup || roi.members.shoppers + roi.control.shoppers <= 0)
        throw new RunFailed('roi: no control group in the seeded store');
      return [
        { name: 'dashboard', url: '/api/merchants/dashboard' },
        { name: 'analytics (30 days)', url: '/api/merchants/analytics' },
        {
          name: 'analytics (365 days)',
          url: `/api/merchants/analytics?from=${yearAgo}&to=${today}`,
        },
        { name: 'coupons (page of 25)', url: '/api/merchants/coupons?limit=25' },
        { name: 'coupons (search)', url: '/api/merchants/coupons?q=NQ-SEED12&limit=25' },
        // The programme's return for a whole past month, members vs the 10 % control group.
        { name: 'roi (last month)', url: `/api/merchants/roi?month=${lastMonth}` },
      ];
    },
  }),
);
