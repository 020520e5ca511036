import { RIYADH_OFFSET_MS } from '../engine/index.ts';

/** A Riyadh month `YYYY-MM`: its first day, the next month's first day, its days. */
export function monthBounds(month: string): { first: string; next: string; last: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1, 1));
  const next = new Date(Date.UTC(y, m, 1));
  const last = new Date(next.getTime() - 86_400_000);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { first: day(first), next: day(next), last: day(last) };
}

/** The Riyadh month of an instant, `YYYY-MM`. */
export function riyadhMonth(at: Date): string {
  return new Date(at.getTime() + RIYADH_OFFSET_MS).toISOString().slice(0, 7);
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

/** The instant a Riyadh day starts (00:00 in Riyadh, 21:00 UTC the day before). */
export function riyadhDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - RIYADH_OFFSET_MS);
}
