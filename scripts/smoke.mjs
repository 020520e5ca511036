// Boots the built product on the embedded database with the demo store, as `npm start` does,
// logs in with the printed demo credentials, restarts on the same data directory and checks
// the data is still there.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(path.join(tmpdir(), 'nuqat-smoke-'));

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function boot() {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  while (!/Password:\s+(\S+)/.test(out)) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${out}`);
    if (Date.now() > deadline)
      throw new Error(`server did not print the demo login in 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const email = /E-mail:\s+(\S+)/.exec(out)[1];
  const password = /Password:\s+(\S+)/.exec(out)[1];
  const base = `http://127.0.0.1:${port}`;
  return { child, base, email, password };
}

async function check(label, condition, detail = '') {
  if (!condition) throw new Error(`smoke: ${label} failed ${detail}`);
  console.log(`smoke: ${label} ✓`);
}

async function run() {
  for (const round of ['first start', 'restart on the same data']) {
    const { child, base, email, password } = await boot();
    try {
      const ready = await fetch(`${base}/readyz`);
      await check(`${round}: /readyz`, ready.status === 200, String(ready.status));
      const page = await fetch(`${base}/login`);
      const html = await page.text();
      await check(
        `${round}: /login serves the app`,
        page.status === 200 && html.includes('<div id="root">'),
        String(page.status),
      );
      const login = await fetch(`${base}/api/merchants/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const body = await login.json();
      await check(
        `${round}: demo login`,
        login.status === 200 && body.success === true,
        JSON.stringify(body),
      );
      const info = await fetch(`${base}/api/merchants/store-info`, {
        headers: { authorization: `Bearer ${body.data.token}` },
      });
      const infoBody = await info.json();
      await check(
        `${round}: store-info`,
        info.status === 200 && infoBody.data.userEmail === email,
        JSON.stringify(infoBody),
      );
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  }
}

run()
  .then(() => {
    rmSync(dataDir, { recursive: true, force: true });
    console.log('1 passed, 0 failed');
  })
  .catch((error) => {
    console.error(error.message);
    console.log('0 passed, 1 failed');
    process.exit(1);
  });
