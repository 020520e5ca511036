import { describe, expect, test } from 'vitest';
import { occasionWindow, occasionsOf } from './occasions';

describe('Saudi occasions', () => {
  test('2026: fixed days, White Friday and the Umm al-Qura dates', () => {
    const byKey = Object.fromEntries(occasionsOf(2026).map((o) => [o.key, o.start]));
    expect(byKey).toEqual({
      foundingDay: '2026-02-22',
      ramadan: '2026-02-18',
      eidAlFitr: '2026-03-20',
      eidAlAdha: '2026-05-27',
      nationalDay: '2026-09-23',
      whiteFriday: '2026-11-27',
    });
  });

  test('2027', () => {
    const byKey = Object.fromEntries(occasionsOf(2027).map((o) => [o.key, o.start]));
    expect(byKey).toMatchObject({
      ramadan: '2027-02-08',
      eidAlFitr: '2027-03-09',
      eidAlAdha: '2027-05-16',
      whiteFriday: '2027-11-26',
    });
  });

  test('a suggestion’s window runs from the first day’s midnight to the end of its last day', () => {
    const national = occasionsOf(2026).find((o) => o.key === 'nationalDay')!;
    expect(occasionWindow(national)).toEqual({
      startsAt: '2026-09-23T00:00',
      endsAt: '2026-09-24T00:00',
    });
  });
});
