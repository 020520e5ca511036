import path from 'node:path';
import { createDatabase } from '../db/client.ts';
import { ConfigError, loadConfig } from '../env.ts';

/**
 * `npm run db:migrate`: applies the migrations the server would apply at start, and exits — for
 * a deploy that migrates before it starts new instances, and for the browser tests' template
 * database. The same code and lock as the server's start (db/client.ts), so running both at once
 * is safe.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind}).`);
    return 0;
  } finally {
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
