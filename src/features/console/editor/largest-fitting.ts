/**
 * The largest n in [1, current) whose field count fits `limit` (n + 1 does not), or undefined
 * when even 1 is over. `countAt` is the estimator's field count with the value set to n, one
 * step each. The count is usually affine in n, so one guess from two estimates is tried and
 * checked first; otherwise a binary search (the count never falls as n grows).
 */
export function* largestFitting(
  countAt: (n: number) => number | undefined,
  current: number,
  limit: number,
): Generator<void, number | undefined> {
  const known = new Map<number, number | undefined>();
  function* fits(n: number): Generator<void, boolean> {
    if (!known.has(n)) {
      yield;
      known.set(n, countAt(n));
    }
    const c = known.get(n);
    return c !== undefined && c <= limit;
  }
  if (!(yield* fits(1))) return undefined;
  let hi = Math.min(current, Number.MAX_SAFE_INTEGER);
  if (yield* fits(hi)) return undefined;
  const a = known.get(1)!;
  const b = (known.get(hi)! - a) / (hi - 1);
  if (b > 0) {
    const guess = Math.min(hi - 1, Math.max(1, Math.floor((limit - a) / b) + 1));
    if ((yield* fits(guess)) && !(yield* fits(guess + 1))) return guess;
  }
  let lo = 1;
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (yield* fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}
