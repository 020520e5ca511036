import { describe, expect, test } from 'vitest';
import { sampleVariance, tQuantile, welchInterval, type GroupSums } from './roi-stats.ts';

const sums = (xs: number[]): GroupSums => ({
  n: xs.length,
  sum: xs.reduce((a, x) => a + x, 0),
  sumSq: xs.reduce((a, x) => a + x * x, 0),
});

describe("Welch's interval, against figures worked out by hand", () => {
  test('t quantiles match the printed tables (two-sided 95 %)', () => {
    // Student's t table, 0.975 column: df 1 → 12.706, 4 → 2.776, 10 → 2.228, 30 → 2.042;
    // a huge df tends to the normal's 1.960.
    expect(tQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(tQuantile(0.975, 4)).toBeCloseTo(2.77645, 4);
    expect(tQuantile(0.975, 10)).toBeCloseTo(2.22814, 4);
    expect(tQuantile(0.975, 30)).toBeCloseTo(2.04227, 4);
    expect(tQuantile(0.975, 1e7)).toBeCloseTo(1.95996, 4);
  });

  test('equal sizes and variances: df = 2(n − 1) and the interval by hand', () => {
    // members 2, 4, 6: mean 4, s² = (4 + 0 + 4) / 2 = 4; control 1, 3, 5: mean 3, s² = 4.
    // se² = 4/3 + 4/3 = 8/3, se = 1.632993; df = (8/3)² / (2 · (4/3)² / 2) = 4;
    // t(0.975, 4) = 2.776445; half-width = 4.533910; 1 ± 4.533910.
    const r = welchInterval(sums([2, 4, 6]), sums([1, 3, 5]))!;
    expect(r.estimate).toBe(1);
    expect(r.df).toBeCloseTo(4, 10);
    expect(r.low).toBeCloseTo(-3.53391, 4);
    expect(r.high).toBeCloseTo(5.53391, 4);
  });

  test('unequal sizes and variances: the Welch–Satterthwaite df by hand', () => {
    // members 10, 20, 30, 40: mean 25, s² = 500/3; control 5, 15: mean 10, s² = 50.
    // s₁²/n₁ = 41.6667, s₂²/n₂ = 25, se² = 66.6667; df = 66.6667² / (41.6667²/3 + 25²/1)
    // = 4444.44 / 1203.70 = 3.69231.
    const a = sums([10, 20, 30, 40]);
    const b = sums([5, 15]);
    expect(sampleVariance(a)).toBeCloseTo(500 / 3, 10);
    const r = welchInterval(a, b)!;
    expect(r.estimate).toBe(15);
    expect(r.df).toBeCloseTo(3.69231, 4);
    const half = (r.high - r.low) / 2;
    // Between t(0.975, 3) · se and t(0.975, 4) · se (table: 3.182 and 2.776; se = 8.16497).
    expect(half).toBeLessThan(3.18245 * 8.16497);
    expect(half).toBeGreaterThan(2.77645 * 8.16497);
  });

  test('shoppers without orders count as zeros (a 0/1 repeat indicator)', () => {
    // 3 of 10 members repeat, 1 of 10 control: p 0.3 and 0.1, s² = 10·p(1−p)/9.
    const members = { n: 10, sum: 3, sumSq: 3 };
    const control = { n: 10, sum: 1, sumSq: 1 };
    const r = welchInterval(members, control)!;
    expect(r.estimate).toBeCloseTo(0.2, 12);
    expect(sampleVariance(members)).toBeCloseTo((10 * 0.3 * 0.7) / 9, 12);
  });

  test('a group of fewer than two has no interval; identical constant groups a zero-width one', () => {
    expect(welchInterval(sums([5]), sums([1, 2, 3]))).toBeNull();
    const r = welchInterval(sums([2, 2, 2]), sums([2, 2]))!;
    expect(r).toEqual({ estimate: 0, low: 0, high: 0, df: 3 });
  });
});
