// Lighthouse on the production build, with the mobile profile (Lighthouse's default: Moto G-class
// screen, simulated slow 4G, 4x CPU), in Arabic and in English, for:
//   landing          the public landing page (/)
//   loyalty          the shoppers' loyalty page (/customerloyaltysalla) as a first visit shows it:
//                    the sign-in (Lighthouse starts from empty storage)
//   loyalty-data     the same page signed in: balance, rewards and coupons from the demo store,
//                    with a shopper token from a real code login (only when this script starts
//                    the server itself: it reads the code from the server's mail directory)
// Prints the four category scores per page and language and exits non-zero when any is below
// the bar.
//
//   npm run build && node scripts/lighthouse.mjs            boots apps/api/dist/server.js itself
//   node scripts/lighthouse.mjs --url http://127.0.0.1:3000  audits a server that is running
//   options: --min 95 (the bar), --runs 1 (runs per page; the median run counts),
//            --pages landing,loyalty,loyalty-data (which pages), --merchant 7000001 (the store
//            of the loyalty page; the demo store by default),
//            --out e2e/artifacts/lighthouse (HTML and JSON reports)
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { simpleParser } from 'mailparser';
import { chromium } from 'playwright-core';

const root = new URL('..', import.meta.url).pathname;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
/** The demo store (apps/api/src/demo/demo.ts) and one of its customers (tools/salla-sandbox). */
const DEMO_MERCHANT_ID = '7000001';
const DEMO_SHOPPER_EMAIL = 'customer1@demo.nuqat.sa';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    min: { type: 'string', default: '95' },
    runs: { type: 'string', default: '1' },
    out: { type: 'string', default: path.join(root, 'e2e/artifacts/lighthouse') },
    pages: { type: 'string', default: 'landing,loyalty,loyalty-data' },
    merchant: { type: 'string', default: DEMO_MERCHANT_ID },
  },
});
const loyaltyPath = `/customerloyaltysalla?merchantId=${encodeURIComponent(args.merchant)}`;
const PAGES = [
  { name: 'landing', language: 'ar', path: '/' },
  { name: 'landing', language: 'en', path: '/?lang=en' },
  { name: 'loyalty', language: 'ar', path: loyaltyPath },
  { name: 'loyalty', language: 'en', path: `${loyaltyPath}&lang=en` },
  { name: 'loyalty-data', language: 'ar', path: loyaltyPath, shopper: true },
  { name: 'loyalty-data', language: 'en', path: `${loyaltyPath}&lang=en`, shopper: true },
];
const selected = new Set(args.pages.split(',').map((name) => name.trim()));
for (const name of selected) {
  if (!PAGES.some((page) => page.name === name)) throw new Error(`--pages: unknown page ${name}`);
}
const minimum = Number(args.min);
const runs = Math.max(1, Number(args.runs));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
      .once('error', reject)
      .listen(0, '127.0.0.1', () => {
        const { port } = server.address();
        server.close(() => resolve(port));
      });
  });
}

/** The built product, as `npm start` runs it, on a throw-away data directory. */
async function startProduct() {
  const serverFile = path.join(root, 'apps/api/dist/server.js');
  if (!existsSync(serverFile)) throw new Error('No build found: run `npm run build` first.');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nuqat-lighthouse-'));
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DEMO: '1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
  };
  delete env.DATABASE_URL;
  delete env.SMTP_URL;
  const child = spawn(process.execPath, [serverFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in 60 s:\n${output}`);
    const ready = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    mailDir: path.join(dataDir, 'mail'),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

async function audit(chrome, url, { keepStorage = false } = {}, attempt = 1) {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: ['html', 'json'],
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    // The signed-in loyalty page needs the shopper token put in its storage beforehand.
    disableStorageReset: keepStorage,
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, report } = result;
  if (lhr.runtimeError) {
    // Chromium occasionally loses the trace (NO_NAVSTART and the like); that says nothing
    // about the page, so such a run is repeated once.
    if (attempt < 2) return audit(chrome, url, { keepStorage }, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const failing = CATEGORIES.flatMap((id) =>
    lhr.categories[id].auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((item) => item.score !== null && item.score < 1)
      .map(
        (item) =>
          `${id}: ${item.id} (${item.score})${item.displayValue ? ` ${item.displayValue}` : ''}`,
      ),
  );
  return { scores, failing, report, version: lhr.lighthouseVersion };
}

/** The newest mail to `to` in the server's mail directory that arrived after `since`. */
async function waitForMail(mailDir, to, since, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(mailDir)
      ? readdirSync(mailDir)
          .filter((file) => file.endsWith('.eml'))
          .map((file) => path.join(mailDir, file))
          .filter((file) => statSync(file).mtimeMs >= since)
          .sort()
          .reverse()
      : [];
    for (const file of files) {
      const mail = await simpleParser(readFileSync(file));
      if (mail.to?.text?.includes(to)) return mail;
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A shopper token as the loyalty page gets it: a code mailed to the shopper, then verified. */
async function shopperSession(baseUrl, mailDir) {
  const post = async (route, body) => {
    const response = await fetch(`${baseUrl}/api/customers/auth/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${route}: HTTP ${response.status} ${await response.text()}`);
    return response.json();
  };
  // The demo store's customers arrive by webhooks just after start-up; until then the API answers
  // the same but mails nothing. Three tries (the API allows three codes per e-mail in 15 minutes).
  let mail = null;
  for (let attempt = 0; attempt < 3 && !mail; attempt += 1) {
    const since = Date.now() - 1000;
    await post('request-code', { merchantId: args.merchant, email: DEMO_SHOPPER_EMAIL });
    mail = await waitForMail(mailDir, DEMO_SHOPPER_EMAIL, since, 10_000);
  }
  if (!mail) throw new Error(`no sign-in code mailed to ${DEMO_SHOPPER_EMAIL} in ${mailDir}`);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error('no 6-digit code in the sign-in mail');
  const { data } = await post('verify-code', {
    merchantId: args.merchant,
    email: DEMO_SHOPPER_EMAIL,
    code,
  });
  return { ...data, merchantId: args.merchant };
}

/** Puts the token where the loyalty page keeps it (STORAGE_KEYS.customerToken) in that Chrome. */
async function storeShopperSession(chrome, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/robots.txt`);
    await page.evaluate(
      (value) => localStorage.setItem('customerToken', value),
      JSON.stringify(session),
    );
    // disableStorageReset keeps the HTTP cache too; empty it, so this audit is a first load like
    // the others (a warm cache would move the first paint before React's start-up and change
    // what Lighthouse measures, not what a shopper gets on a first visit).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

const product = args.url ? null : await startProduct();
const baseUrl = (args.url ?? product.baseUrl).replace(/\/$/, '');
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});

const rows = [];
try {
  mkdirSync(args.out, { recursive: true });
  let session = null;
  for (const page of PAGES) {
    if (!selected.has(page.name)) continue;
    const url = `${baseUrl}${page.path}`;
    if (page.name.startsWith('loyalty')) {
      // Without the API serving loyalty.html the SPA's 404 page would be audited instead.
      const html = await fetch(url).then((response) => response.text());
      if (!html.includes('name="nuqat-store-origin"'))
        throw new Error(`${url} is not the loyalty page (loyalty.html); is the build current?`);
    }
    if (page.shopper) {
      if (!product) {
        console.log(
          `  ${page.name} ${page.language}: skipped (needs the mail of a server this script starts)`,
        );
        continue;
      }
      session ??= await shopperSession(baseUrl, product.mailDir);
    }
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      if (page.shopper) await storeShopperSession(chrome, baseUrl, session);
      results.push(await audit(chrome, url, { keepStorage: Boolean(page.shopper) }));
    }
    // The run with the median performance score stands for the language.
    const performance = median(results.map((item) => item.scores.performance));
    const chosen = results.find((item) => item.scores.performance === performance);
    const [html, json] = chosen.report;
    writeFileSync(path.join(args.out, `${page.name}-${page.language}.html`), html);
    writeFileSync(path.join(args.out, `${page.name}-${page.language}.json`), json);
    rows.push({
      name: page.name,
      language: page.language,
      url,
      version: chosen.version,
      ...chosen.scores,
      failing: chosen.failing,
      runs: results.map((item) => item.scores.performance),
    });
  }
} finally {
  chrome.kill();
  await product?.stop();
}

console.log(`Lighthouse ${rows[0]?.version ?? ''}, mobile profile, bar ${minimum}`);
console.table(
  Object.fromEntries(
    rows.map(
      ({
        name,
        language,
        url: _url,
        version: _version,
        failing: _failing,
        runs: _runs,
        ...scores
      }) => [`${name} ${language}`, scores],
    ),
  ),
);
for (const row of rows) {
  const label = `${row.name} ${row.language}`;
  if (row.runs.length > 1) console.log(`  ${label} · performance per run: ${row.runs.join(', ')}`);
  for (const line of row.failing) console.log(`  ${label} · ${line}`);
}
console.log(`Reports: ${path.relative(root, args.out)}/{page}-{ar,en}.{html,json}`);

const below = rows.flatMap((row) =>
  CATEGORIES.filter((id) => row[id] < minimum).map(
    (id) => `${row.name} ${row.language} ${id} ${row[id]}`,
  ),
);
if (below.length > 0) {
  console.error(`Below ${minimum}: ${below.join(', ')}`);
  process.exit(1);
}
