import type { MetricSpec } from './types.ts';

export interface Summary {
  min: number;
  median: number;
  max: number;
  /** Repetitions that produced a number. */
  n: number;
}

/** min / median / max over the finite values (NaN for all three when there are none). */
export function summarize(values: readonly number[]): Summary {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  const [min] = xs;
  const max = xs.at(-1);
  if (min === undefined || max === undefined) return { min: NaN, median: NaN, max: NaN, n: 0 };
  const mid = xs.length >> 1;
  const upper = xs[mid] ?? max;
  const median = xs.length % 2 ? upper : ((xs[mid - 1] ?? min) + upper) / 2;
  return { min, median, max, n: xs.length };
}

/** The nearest-rank quantile `q` (0–1) of the finite values: p90 of 20 is the 18th smallest. */
export function quantile(values: readonly number[], q: number): number {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (!xs.length) return NaN;
  return xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(q * xs.length) - 1))] ?? NaN;
}

/** Least-squares slope of y against x (NaN with fewer than two points). */
export function slope(points: readonly [number, number][]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  for (const [x, y] of points) {
    sxy += (x - mx) * (y - my);
    sxx += (x - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : NaN;
}

/** Whether a median meets its target: '✓', '✗', or '' when there is no target or no value. */
export function verdict(spec: MetricSpec, median: number): string {
  if (spec.target === undefined || !Number.isFinite(median)) return '';
  const ok = (spec.better ?? 'lower') === 'lower' ? median <= spec.target : median >= spec.target;
  return ok ? '✓' : '✗';
}

/**
 * A number for the table: integers for big values, a few significant digits for small ones;
 * `< floor` for a value under the metric's floor (its source reports nothing smaller).
 */
export function formatNumber(x: number, floor?: number): string {
  if (!Number.isFinite(x)) return '–';
  if (floor !== undefined && x < floor) return `< ${formatNumber(floor)}`;
  if (Number.isInteger(x)) return x.toLocaleString('en-US');
  const abs = Math.abs(x);
  if (abs >= 100) return Math.round(x).toLocaleString('en-US');
  if (abs >= 10) return x.toFixed(1);
  return x.toFixed(2);
}

/** Renders rows as a plain-text table with a header and aligned columns. */
export function renderTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
