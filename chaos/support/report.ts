import { appendFileSync } from 'node:fs';

/**
 * Each scenario prints its figures (and, with CHAOS_REPORT=<file>, appends them as JSON lines),
 * which docs/reliability.md quotes.
 */
export function report(scenario: string, figures: Record<string, unknown>): void {
  const line = JSON.stringify({ scenario, at: new Date().toISOString(), ...figures });
  console.warn(`[chaos] ${line}`);
  if (process.env.CHAOS_REPORT) appendFileSync(process.env.CHAOS_REPORT, `${line}\n`);
}
