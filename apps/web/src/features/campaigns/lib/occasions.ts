/**
 * The Saudi occasions a store plans campaigns around, with their dates for a year:
 * - Founding Day, 22 February, and Saudi National Day, 23 September (fixed Gregorian dates);
 * - White Friday, Salla's and the region's name for the Friday after the fourth Thursday of
 *   November (the day called Black Friday elsewhere);
 * - the start of Ramadan (1 Ramadan), Eid al-Fitr (1 Shawwal) and Eid al-Adha (10 Dhu al-Hijjah),
 *   computed with the Umm al-Qura calendar (Saudi Arabia's official calendar) as the browser's
 *   ICU data has it (`islamic-umalqura`). The religious dates follow the moon's sighting and may
 *   move by a day: the screen says they are expected dates.
 */

export type OccasionKey =
  'foundingDay' | 'ramadan' | 'eidAlFitr' | 'eidAlAdha' | 'nationalDay' | 'whiteFriday';

export interface Occasion {
  key: OccasionKey;
  /** `YYYY-MM-DD`, the first day. */
  start: string;
  /** How many days a campaign for it suggests. */
  days: number;
  /** Dates from the lunar calendar: expected, may move by a day. */
  lunar: boolean;
}

const iso = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The Umm al-Qura month and day of a Gregorian day (UTC noon, no time-zone edge). */
function hijri(date: Date): { month: number; day: number } | null {
  try {
    const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
      day: 'numeric',
      month: 'numeric',
      timeZone: 'UTC',
    }).formatToParts(date);
    const month = Number(parts.find((p) => p.type === 'month')?.value);
    const day = Number(parts.find((p) => p.type === 'day')?.value);
    return Number.isFinite(month) && Number.isFinite(day) ? { month, day } : null;
  } catch {
    return null;
  }
}

function whiteFriday(year: number): string {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay();
  const firstThursday = 1 + ((4 - first + 7) % 7);
  return iso(year, 11, firstThursday + 21 + 1);
}

export function occasionsOf(year: number): Occasion[] {
  const out: Occasion[] = [
    { key: 'foundingDay', start: iso(year, 2, 22), days: 1, lunar: false },
    { key: 'nationalDay', start: iso(year, 9, 23), days: 1, lunar: false },
    { key: 'whiteFriday', start: whiteFriday(year), days: 4, lunar: false },
  ];
  for (let t = Date.UTC(year, 0, 1, 12); new Date(t).getUTCFullYear() === year; t += 86_400_000) {
    const h = hijri(new Date(t));
    if (!h) break;
    const day = new Date(t).toISOString().slice(0, 10);
    if (h.month === 9 && h.day === 1)
      out.push({ key: 'ramadan', start: day, days: 30, lunar: true });
    if (h.month === 10 && h.day === 1)
      out.push({ key: 'eidAlFitr', start: day, days: 4, lunar: true });
    if (h.month === 12 && h.day === 10)
      out.push({ key: 'eidAlAdha', start: day, days: 4, lunar: true });
  }
  return out.sort((a, b) => a.start.localeCompare(b.start));
}

/** The window a suggestion fills in: from the first day's midnight to the last day's end. */
export function occasionWindow(o: Occasion): { startsAt: string; endsAt: string } {
  const end = new Date(Date.parse(`${o.start}T00:00:00Z`) + o.days * 86_400_000);
  return { startsAt: `${o.start}T00:00`, endsAt: `${end.toISOString().slice(0, 10)}T00:00` };
}
