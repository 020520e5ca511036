/** Riyadh keeps UTC+3 all year (no daylight saving): the store's calendar is Riyadh's. */
export const RIYADH_OFFSET_MS = 3 * 3_600_000;

/** Today's month-day in Riyadh, with 29 February celebrated on the 28th in common years. */
export function riyadhToday(now: Date): { date: string; year: number; monthDays: string[] } {
  const riyadh = new Date(now.getTime() + RIYADH_OFFSET_MS);
  const y = riyadh.getUTCFullYear();
  const md = `${String(riyadh.getUTCMonth() + 1).padStart(2, '0')}-${String(riyadh.getUTCDate()).padStart(2, '0')}`;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return {
    date: `${y}-${md}`,
    year: y,
    monthDays: md === '02-28' && !leap ? ['02-28', '02-29'] : [md],
  };
}
