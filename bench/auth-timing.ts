// Timing claims the test suite no longer asserts (docs/decisions/016, issue 25): tests count
// (argon2 runs, mails, answers); how long things take is measured here, where a busy machine makes
// a figure worse but never turns a build red.
//
//   npm run bench:auth     (DATABASE_URL=postgres://… for PostgreSQL; in-memory PGlite otherwise)
//
// Prints, with medians over interleaved tries: forgot-password for a known vs an unknown e-mail
// (the answer must not tell them apart: the ratio should sit near 1.00), and reset-password with a
// wrong code vs verify-reset-code (which never hashes) next to one argon2 run (a wrong code must
// cost no hashing: the difference should be far below one run). Exit code 1 only when an answer
// is wrong (a status other than the expected one), never for slowness.
import { performance } from 'node:perf_hooks';
import { hashPassword } from '../apps/api/src/lib/crypto.ts';
import { extractMailedCode } from '../apps/api/src/test/smtp-sink.ts';
import { createMerchant, createTestContext, uniqueEmail } from '../apps/api/src/test/test-app.ts';

const TRIES = Number(process.env.BENCH_TRIES ?? 25);
const ctx = await createTestContext();
let ip = 0;
const post = (url: string, payload: Record<string, unknown>) =>
  ctx.server.inject({
    method: 'POST',
    url: `/api/merchants/auth/${url}`,
    payload,
    // A new address per request: the per-address limits are not what is measured.
    remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip++ & 255}`,
  });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
function expectStatus(status: number, expected: number, what: string) {
  if (status !== expected) {
    console.error(`wrong answer: ${what} answered ${status}, expected ${expected}`);
    process.exitCode = 1;
  }
}
async function timed(run: () => Promise<{ statusCode: number }>, expected: number, what: string) {
  const start = performance.now();
  const res = await run();
  const ms = performance.now() - start;
  expectStatus(res.statusCode, expected, what);
  return ms;
}

try {
  const forgot = { known: [] as number[], unknown: [] as number[] };
  for (let i = 0; i <= TRIES; i++) {
    const { email } = await createMerchant(ctx);
    const before = ctx.smtp.messages.length;
    const k = await timed(() => post('forgot-password', { email }), 200, 'forgot (known)');
    const u = await timed(
      () => post('forgot-password', { email: uniqueEmail('ghost') }),
      200,
      'forgot (unknown)',
    );
    // The known address's mail goes after the answer; let it go before the next pair.
    await ctx.smtp.waitForMail(email, { after: before });
    if (i > 0) {
      forgot.known.push(k);
      forgot.unknown.push(u);
    }
  }

  const argon2: number[] = [];
  for (let i = 0; i <= 5; i++) {
    const start = performance.now();
    await hashPassword('some-new-password');
    if (i > 0) argon2.push(performance.now() - start);
  }
  const wrong = { verify: [] as number[], reset: [] as number[] };
  for (let i = 0; i <= 10; i++) {
    const { email } = await createMerchant(ctx);
    const before = ctx.smtp.messages.length;
    expectStatus((await post('forgot-password', { email })).statusCode, 200, 'forgot');
    const code = extractMailedCode(await ctx.smtp.waitForMail(email, { after: before }));
    const bad = code === '000000' ? '111111' : '000000';
    const v = await timed(() => post('verify-reset-code', { email, code: bad }), 400, 'verify');
    const r = await timed(
      () => post('reset-password', { email, code: bad, newPassword: 'p-12345678' }),
      400,
      'reset',
    );
    if (i > 0) {
      wrong.verify.push(v);
      wrong.reset.push(r);
    }
  }

  const f = (ms: number) => `${ms.toFixed(2)} ms`;
  console.log(`forgot-password, median of ${TRIES} interleaved pairs:`);
  console.log(`  known e-mail    ${f(median(forgot.known))}`);
  console.log(`  unknown e-mail  ${f(median(forgot.unknown))}`);
  console.log(`  known ÷ unknown ${(median(forgot.known) / median(forgot.unknown)).toFixed(2)}`);
  console.log('a wrong reset code, median of 10:');
  console.log(`  verify-reset-code      ${f(median(wrong.verify))}`);
  console.log(`  reset-password         ${f(median(wrong.reset))}`);
  console.log(`  one argon2id hash      ${f(median(argon2))}`);
  console.log(
    `  (reset − verify) ÷ argon2 ${((median(wrong.reset) - median(wrong.verify)) / median(argon2)).toFixed(2)}`,
  );
} finally {
  await ctx.close();
}
