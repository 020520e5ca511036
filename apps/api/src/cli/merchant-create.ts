import path from 'node:path';
import { parseArgs } from 'node:util';
import { PLAN_IDS, type PlanId } from '@nuqat/contracts';
import { createDatabase } from '../db/client.ts';
import { ConfigError, loadConfig } from '../env.ts';
import { AppError } from '../lib/app-error.ts';
import { createMerchantsService } from '../modules/merchants/index.ts';

const usage = `Usage: npm run merchant:create -- --email <e-mail> --password <password> --store-name <name>
       [--store-id <salla store id>] [--store-url <url>] [--plan starter|growth]`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'store-name': { type: 'string' },
      'store-id': { type: 'string' },
      'store-url': { type: 'string' },
      plan: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const problems: string[] = [];
  const email = values.email?.trim().toLowerCase();
  if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    problems.push('--email must be an e-mail address');
  if (!values.password || values.password.trim().length < 8)
    problems.push('--password must have at least 8 characters');
  if (!values['store-name']?.trim()) problems.push('--store-name is required');
  const storeId = values['store-id'] ? Number(values['store-id']) : undefined;
  if (storeId !== undefined && (!Number.isSafeInteger(storeId) || storeId <= 0))
    problems.push('--store-id must be a positive integer');
  if (values.plan && !(PLAN_IDS as readonly string[]).includes(values.plan))
    problems.push('--plan must be starter or growth');
  if (problems.length > 0) {
    console.error(`${problems.join('\n')}\n\n${usage}`);
    return 2;
  }

  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
    const merchant = await createMerchantsService({ db: database.db }).createMerchant({
      merchantId: storeId,
      email: email!,
      password: values.password!,
      storeName: values['store-name']!,
      storeUrl: values['store-url'] ?? null,
      plan: (values.plan as PlanId | undefined) ?? null,
      subscriptionStatus: values.plan ? 'active' : 'inactive',
    });
    console.log(
      `Created merchant ${merchant.id} (${merchant.storeName}) — log in as ${merchant.email}`,
    );
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      console.error(`Could not create the merchant: ${error.code}`);
      return 1;
    }
    throw error;
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
