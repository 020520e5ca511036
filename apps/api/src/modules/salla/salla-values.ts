import type { PlanId } from '@nuqat/contracts';

/**
 * Salla's values as they arrive on the wire — free-text plan names, its several date formats,
 * Carbon birthdays — read into plain values. Only `salla/` uses these: the engine gets facts.
 */

/** Salla plan names are free text (reference §1.8); map them onto our two plans. */
export function mapSallaPlan(
  name: string | null | undefined,
  price: number | null | undefined,
): PlanId {
  const n = (name ?? '').toLowerCase();
  if (/growth|نمو|pro|advanced|premium|متقدم|احترافي/.test(n)) return 'growth';
  if (/starter|basic|start|أساس|مبتدئ|بداية|انطلاق/.test(n)) return 'starter';
  if (price !== null && price !== undefined && price >= 200) return 'growth';
  return 'starter';
}

/**
 * Salla sends `created_at` as "Sun Jun 26 2022 12:21:48 GMT+0300" on store events and as
 * "2022-12-31 12:31:25" (Riyadh time) on app events; nested dates as Carbon objects.
 */
export function parseSallaTime(
  value: string | null | undefined,
  timezone?: string | null,
): Date | null {
  if (!value) return null;
  // A bare date (the `app.trial.*` start_date/end_date) is a Riyadh calendar date: its start in
  // Riyadh, not UTC midnight, which is what `new Date('YYYY-MM-DD')` would make of it.
  const dateOnly = /^(\d{4}-\d{2}-\d{2})$/.exec(value.trim());
  if (dateOnly) {
    const d = new Date(`${dateOnly[1]}T00:00:00+03:00`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const plain = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?$/.exec(value.trim());
  if (plain) {
    const offset =
      !timezone || timezone === 'Asia/Riyadh' ? '+03:00' : timezone === 'UTC' ? 'Z' : '+03:00';
    const d = new Date(`${plain[1]}T${plain[2]}${(plain[3] ?? '').slice(0, 4)}${offset}`);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** `YYYY-MM-DD` of a Salla birthday (Carbon object or string), or null. */
export function birthdayOf(value: unknown): string | null {
  const raw =
    typeof value === 'string'
      ? value
      : value && typeof value === 'object' && 'date' in value
        ? String(value.date)
        : null;
  const m = raw ? /^(\d{4})-(\d{2})-(\d{2})/.exec(raw) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}
