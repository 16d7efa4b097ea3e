const pct = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** `n` as a percentage of `of` ('' when `of` is 0 or unknown). */
export function share(n: number, of: number | null): string {
  return of ? `${pct.format((n / of) * 100)}%` : '';
}
