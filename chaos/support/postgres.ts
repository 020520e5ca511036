import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './net.ts';

/**
 * A PostgreSQL of the suite's own, in a temporary directory on a free port: the chaos tests stop
 * and restart it, which they must never do to a server others share. initdb refuses to run as
 * root, so as root the cluster belongs to the `postgres` account (runuser); otherwise to the
 * current user.
 */
export interface PrivatePostgres {
  port: number;
  /** The URL of a database of this cluster (default `postgres`). */
  url(database?: string): string;
  createDatabase(name: string): Promise<string>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  restart(): Promise<void>;
  destroy(): void;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    return '/usr/lib/postgresql/15/bin';
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  if (!existsSync(path.join(bin, 'initdb')))
    throw new Error(`no initdb in ${bin} (set PG_BIN to PostgreSQL's bin directory)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'nuqat-chaos-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
    chownSync(dir, uid, gid);
  }
  const argvOf = (tool: string, args: string[]): [string, string[]] =>
    asRoot
      ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
      : [path.join(bin, tool), args];
  const run = (tool: string, args: string[]) => {
    const [command, argv] = argvOf(tool, args);
    const result = spawnSync(command, argv, { encoding: 'utf8', timeout: 60_000 });
    if (result.status !== 0)
      throw new Error(`${tool} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  };
  // Under load the suite's own event loop keeps running while pg_ctl works.
  const runAsync = (tool: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, argv] = argvOf(tool, args);
      const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d.toString()));
      child.stderr.on('data', (d: Buffer) => (output += d.toString()));
      child.once('error', reject);
      child.once('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed:\n${output}`)),
      );
    });
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=200',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const ctlArgs = (args: string[]) => [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-o',
    options,
    '-w',
    ...args,
  ];
  const ctl = (...args: string[]) => runAsync('pg_ctl', ctlArgs(args));
  run('pg_ctl', ctlArgs(['start']));
  let running = true;
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async stop(mode = 'fast') {
      await ctl('-m', mode, 'stop');
      running = false;
    },
    async start() {
      await ctl('start');
      running = true;
    },
    async restart() {
      await ctl('-m', 'fast', 'restart');
      running = true;
    },
    destroy() {
      if (running) {
        try {
          run('pg_ctl', ctlArgs(['-m', 'immediate', 'stop']));
        } catch {
          // already gone
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
