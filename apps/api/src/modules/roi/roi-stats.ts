/**
 * Welch's two-sample t interval (docs/decisions/049): the difference of two groups' means with a
 * 95 % confidence interval that does not assume equal variances. Each group is given as sums —
 * n, Σx, Σx² — which is what the rollups keep (a shopper without orders adds 0 to both sums).
 *
 *   mean = Σx / n,  s² = (Σx² − n·mean²) / (n − 1)
 *   se² = s₁²/n₁ + s₂²/n₂
 *   df  = se⁴ / ((s₁²/n₁)²/(n₁ − 1) + (s₂²/n₂)²/(n₂ − 1))      (Welch–Satterthwaite)
 *   interval = (mean₁ − mean₂) ± t(0.975, df) · se
 */

export interface GroupSums {
  n: number;
  sum: number;
  sumSq: number;
}

export interface WelchInterval {
  estimate: number;
  low: number;
  high: number;
  df: number;
}

export function mean(g: GroupSums): number | null {
  return g.n > 0 ? g.sum / g.n : null;
}

export function sampleVariance(g: GroupSums): number | null {
  if (g.n < 2) return null;
  const m = g.sum / g.n;
  // Rounding can leave a tiny negative for a constant sample.
  return Math.max(0, (g.sumSq - g.n * m * m) / (g.n - 1));
}

export function welchInterval(a: GroupSums, b: GroupSums, level = 0.95): WelchInterval | null {
  const va = sampleVariance(a);
  const vb = sampleVariance(b);
  if (va === null || vb === null) return null;
  const estimate = a.sum / a.n - b.sum / b.n;
  const qa = va / a.n;
  const qb = vb / b.n;
  const se2 = qa + qb;
  if (se2 === 0) return { estimate, low: estimate, high: estimate, df: a.n + b.n - 2 };
  const df = (se2 * se2) / ((qa * qa) / (a.n - 1) + (qb * qb) / (b.n - 1));
  const half = tQuantile(1 - (1 - level) / 2, df) * Math.sqrt(se2);
  return { estimate, low: estimate - half, high: estimate + half, df };
}

/** Student's t quantile: the t with P(T ≤ t) = p, for p in (0.5, 1), by bisection on the CDF. */
export function tQuantile(p: number, df: number): number {
  let lo = 0;
  let hi = 1;
  while (tCdf(hi, df) < p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (tCdf(mid, df) < p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/** P(T ≤ t) for t ≥ 0: 1 − ½·I_x(df/2, ½) with x = df / (df + t²). */
export function tCdf(t: number, df: number): number {
  const x = df / (df + t * t);
  return 1 - 0.5 * regularizedBeta(x, df / 2, 0.5);
}

/** I_x(a, b), the regularized incomplete beta function (Lentz's continued fraction). */
function regularizedBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(
    lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x),
  );
  // The fraction converges fast for x < (a + 1) / (a + b + 2); otherwise use the symmetry.
  if (x > (a + 1) / (a + b + 2)) return 1 - regularizedBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + num / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return (front * f) / a;
}

/** ln Γ(z) for z > 0 (Lanczos, g = 7, n = 9). */
function lnGamma(z: number): number {
  const g = 7;
  const coef = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
    -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
    1.5056327351493116e-7,
  ];
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - lnGamma(1 - z);
  const zz = z - 1;
  let x = coef[0]!;
  for (let i = 1; i < g + 2; i++) x += coef[i]! / (zz + i);
  const t = zz + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (zz + 0.5) * Math.log(t) - t + Math.log(x);
}
