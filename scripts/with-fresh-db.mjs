// Runs a command against a brand-new PostgreSQL database and drops it afterwards:
//   node scripts/with-fresh-db.mjs postgres://postgres@127.0.0.1:5432/postgres -- npm test
import { spawn } from 'node:child_process';
import pg from 'pg';

const [adminUrl, separator, ...command] = process.argv.slice(2);
if (!adminUrl || separator !== '--' || command.length === 0) {
  console.error('usage: node scripts/with-fresh-db.mjs <admin postgres url> -- <command…>');
  process.exit(2);
}
const name = `nuqat_ci_${Date.now()}_${process.pid}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
console.log(`fresh database ${name}`);

const child = spawn(command[0], command.slice(1), {
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url.toString() },
});
const code = await new Promise((resolve) =>
  child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))),
);
await admin
  .query(`drop database if exists ${name} with (force)`)
  .catch((e) => console.error(e.message));
await admin.end();
process.exit(code);
