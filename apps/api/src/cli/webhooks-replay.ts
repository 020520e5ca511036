import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.ts';
import { createDatabase } from '../db/client.ts';
import { ConfigError, loadConfig } from '../env.ts';
import type { ReplayReport } from '../modules/salla/index.ts';

const usage = `Usage: npm run webhooks:replay -- (--id <dead letter id> | --all) [--dry-run]

Runs Salla webhooks kept as dead letters (their payload did not fit the schema) through the
webhook path again, e.g. after the schema was fixed. Each lands once; one that still does not fit
stays with its new error. --dry-run says what would happen and writes nothing.`;

const describe = (r: ReplayReport) => {
  const what = `#${r.id} ${r.event ?? '(unreadable event)'} store ${r.merchantId ?? '?'}`;
  const issues = r.issues?.map((i) => `${i.path || '(root)'}: ${i.message}`).join('; ');
  switch (r.result) {
    case 'failed':
      return `${what}: still does not fit — ${issues}`;
    case 'already_replayed':
      return `${what}: replayed before, nothing to do`;
    case 'would_land':
      return `${what}: would land`;
    default:
      return `${what}: ${r.result}`;
  }
};

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      id: { type: 'string' },
      all: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const id = values.id !== undefined ? Number(values.id) : undefined;
  const problems: string[] = [];
  if (id !== undefined && (!Number.isSafeInteger(id) || id <= 0))
    problems.push('--id must be a positive integer');
  if ((id === undefined) === !values.all) problems.push('give either --id N or --all');
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  await database.migrate();
  // The app as the server builds it, so a replay takes the webhook route's very path; its log
  // lines go to stderr, the report to stdout.
  const app = await buildApp({ config, database, serveWeb: false, logStream: process.stderr });
  try {
    const reports = await app.services.webhooks.replayDeadLetters({
      ...(id !== undefined ? { id } : {}),
      dryRun: Boolean(values['dry-run']),
    });
    if (id !== undefined && reports.length === 0) {
      console.error(`No dead letter #${id}`);
      return 1;
    }
    for (const report of reports) console.log(describe(report));
    const failed = reports.filter((r) => r.result === 'failed').length;
    console.log(
      `${values['dry-run'] ? 'Dry run: ' : ''}${reports.length} dead letter(s), ${failed} still failing`,
    );
    return failed > 0 ? 1 : 0;
  } finally {
    await app.server.close();
    app.context.mailer.close();
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
