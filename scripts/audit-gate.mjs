#!/usr/bin/env node
// CI's dependency gate: `npm audit --omit=dev` and fail on a high or critical advisory in what
// ships. When the registry's audit endpoint does not answer (offline mirror, a proxy that refuses
// the bulk endpoint, an outage), say so and pass: the gate can only judge an answer.
//
//   node scripts/audit-gate.mjs            runs npm audit
//   node scripts/audit-gate.mjs FILE.json  judges a saved `npm audit --json` answer
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const FAILING = ['high', 'critical'];

/** `{ verdict: 'pass' | 'fail' | 'unreachable', message }` for an `npm audit --json` output. */
export function judgeAudit(output) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { verdict: 'unreachable', message: 'npm audit gave no JSON answer' };
  }
  const counts = report?.metadata?.vulnerabilities;
  if (!counts || typeof counts !== 'object') {
    const why = report?.error?.summary || report?.message || report?.error?.code || 'no report';
    return { verdict: 'unreachable', message: `the audit endpoint did not answer: ${why}` };
  }
  const failing = Object.entries(report.vulnerabilities ?? {})
    .filter(([, v]) => FAILING.includes(v?.severity))
    .map(([name, v]) => `${name} (${v.severity}${v.range ? `, ${v.range}` : ''})`);
  const total = FAILING.reduce((sum, level) => sum + (Number(counts[level]) || 0), 0);
  if (total > 0)
    return {
      verdict: 'fail',
      message: `${total} high or critical advisories in production dependencies: ${failing.join('; ') || 'see npm audit'}`,
    };
  const below = ['low', 'moderate'].map((l) => `${Number(counts[l]) || 0} ${l}`).join(', ');
  return { verdict: 'pass', message: `no high or critical advisory (${below})` };
}

function runAudit() {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['audit', '--omit=dev', '--audit-level=high', '--json'], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (result.error) return JSON.stringify({ message: result.error.message });
  return result.stdout;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  const { verdict, message } = judgeAudit(file ? readFileSync(file, 'utf8') : runAudit());
  if (verdict === 'fail') {
    console.error(`npm audit: ${message}`);
    process.exit(1);
  }
  console.log(
    verdict === 'pass' ? `npm audit: ${message}` : `npm audit skipped: ${message}; going on`,
  );
}
