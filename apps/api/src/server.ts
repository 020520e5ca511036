import path from 'node:path';
import { buildApp } from './app.ts';
import { createDatabase } from './db/client.ts';
import { ConfigError, loadConfig, type Config } from './env.ts';
import { pruneRateLimits } from './lib/rate-limit.ts';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  // The demo and the Salla sandbox it runs load only in demo mode (a production build leaves
  // them out: build.mjs without --demo).
  const demoModule = config.demo ? await import('./demo/demo.ts') : undefined;
  const demo = demoModule ? await demoModule.prepareDemo(config) : undefined;
  if (demo) config = demo.config;

  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolMax,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  const { server } = app;
  server.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.dataDir : undefined },
    'database ready',
  );

  // Salla tokens sealed before they were bound to their store are sealed again, once, in the
  // background (decision 026); until then they are read the old way.
  void app.services.sallaTokens
    .resealLegacyTokens()
    .then((resealed) => {
      if (resealed > 0) server.log.info({ resealed }, 'salla tokens sealed again for their store');
    })
    .catch((err: unknown) => server.log.warn({ err }, 'salla token re-sealing failed'));

  // Rate-limit rows whose window is over count for nothing: deleted in batches every 10 minutes
  // (decision 026), one run at a time per instance; any instance may run it.
  let pruning = false;
  const pruneTimer = setInterval(
    () => {
      if (pruning) return;
      pruning = true;
      pruneRateLimits(database.db)
        .then((deleted) => {
          if (deleted > 0) server.log.info({ deleted }, 'expired rate-limit rows pruned');
        })
        .catch((err: unknown) => server.log.warn({ err }, 'rate-limit prune failed'))
        .finally(() => {
          pruning = false;
        });
      void app.services.auth
        .pruneEmbeddedTokens()
        .catch((err: unknown) => server.log.warn({ err }, 'used Salla tokens prune failed'));
    },
    10 * 60 * 1000,
  );
  pruneTimer.unref();
  // Insights differences are folded every 5 s: a read sums the rows not folded yet, so a store
  // taking hundreds of orders a second must not pile up a minute of them (decision 014).
  // The return's kept sums the same way (decision 058), and the tiers preview's counts (064).
  const foldTimer = setInterval(() => {
    void app.services.insightsFold
      .run()
      .catch((err: unknown) => server.log.warn({ err }, 'insights fold failed'));
    void app.services.roi
      .fold()
      .catch((err: unknown) => server.log.warn({ err }, 'roi fold failed'));
    void app.services.tiers
      .fold()
      .catch((err: unknown) => server.log.warn({ err }, 'tier values fold failed'));
  }, 5 * 1000);
  foldTimer.unref();
  // Referrals waiting on a friend's order, a holding period or a Salla retry (decision 021).
  const referralTimer = setInterval(
    () =>
      void app.services.referrals
        .settleAll()
        .catch((err: unknown) => server.log.warn({ err }, 'referral settlement failed')),
    30 * 1000,
  );
  referralTimer.unref();
  // Shoppers owing clawed-back points: their unused coupons withdrawn at Salla, retries after a
  // failure, recoveries queued by another instance (decision 027).
  const debtsTimer = setInterval(
    () =>
      void app.services.debts
        .recoverDue()
        .catch((err: unknown) => server.log.warn({ err }, 'debt recovery failed')),
    30 * 1000,
  );
  debtsTimer.unref();
  // VIP tiers: passes after a change of the programme, grace periods that ended, 12-month values
  // older than a day (decision 024). Moves up happen with the events themselves.
  const tiersTimer = setInterval(
    () =>
      void app.services.tiers
        .runMaintenance()
        .catch((err: unknown) => server.log.warn({ err }, 'tier upkeep failed')),
    60 * 1000,
  );
  tiersTimer.unref();
  // E-mails to customers waiting in the outbox: due rows claimed under a lease, so any number of
  // instances may tick (decision 023). Quiet hours in Riyadh hold all but coupons until 08:00.
  const notifyTimer = setInterval(
    () =>
      void app.services.notifications
        .deliverDue()
        .catch((err: unknown) => server.log.warn({ err }, 'notification delivery failed')),
    30 * 1000,
  );
  notifyTimer.unref();
  // Outbound webhooks (docs/decisions/039): due deliveries claimed under a lease, one run at a
  // time per instance; any number of instances may tick.
  let webhooksRunning = false;
  const webhooksTimer = setInterval(() => {
    if (webhooksRunning) return;
    webhooksRunning = true;
    void app.services.outboundWebhooks
      .runOnce()
      .catch((err: unknown) => server.log.warn({ err }, 'webhook delivery failed'))
      .finally(() => (webhooksRunning = false));
  }, 5 * 1000);
  webhooksTimer.unref();
  // Scheduled jobs claim their period in the database, so every instance may try.
  const runJobs = () => {
    app.services.jobs
      .runBirthdays()
      .then(() => app.services.jobs.runReleases())
      .then(() => app.services.earnActions.releaseDue())
      .then(() => app.services.jobs.runExpiry())
      .then(() => app.services.storePurge.run())
      .then(() => app.services.redemptions.reconcileRedemptions())
      .then(() => app.services.sallaJobs.runTokenRefresh())
      .then(() => app.services.sallaJobs.runProfileFetches())
      .then(() => app.services.notifications.runDailyCauses())
      .then(() => app.services.monthlyReports.run())
      .catch((err: unknown) => server.log.error({ err }, 'scheduled job failed'));
  };
  const jobsTimer = setInterval(runJobs, 10 * 60 * 1000);
  jobsTimer.unref();
  setTimeout(runJobs, 5_000).unref();

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    server.log.info({ signal }, 'shutting down');
    clearInterval(pruneTimer);
    clearInterval(foldTimer);
    clearInterval(referralTimer);
    clearInterval(debtsTimer);
    clearInterval(tiersTimer);
    clearInterval(notifyTimer);
    clearInterval(webhooksTimer);
    clearInterval(jobsTimer);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    app.context.mailer.close();
    await database.close();
    await demo?.sandbox.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await server.listen({ host: config.host, port: config.port });
  if (demoModule && demo) await demoModule.runDemo(app, demo.sandbox);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
