/** One bar: left, top, width and height, in canvas pixels. */
type BarRect = [x: number, y: number, width: number, height: number];

/**
 * Where a bar chart's bars go: one per value, centred on its x position, `share` of the
 * narrowest column wide (at most `maxWidth`, at least 1 px), from `base` (the zero line) to the
 * value. Null values have no bar. The chart fills each with one `fillRect`
 * (`components/series-chart.tsx`): a software canvas (Chrome without a GPU) takes tens of ms to
 * fill hundreds of tall thin rectangles given as one path, and next to nothing as rectangles.
 */
export function barRects(
  xs: readonly number[],
  ys: readonly (number | null | undefined)[],
  base: number,
  { share, maxWidth }: { share: number; maxWidth: number },
): BarRect[] {
  let column = Infinity;
  for (let i = 1; i < xs.length; i++) {
    const gap = Math.abs((xs[i] ?? 0) - (xs[i - 1] ?? 0));
    if (gap > 0) column = Math.min(column, gap);
  }
  const width = Math.max(
    1,
    Math.min(maxWidth, Number.isFinite(column) ? column * share : maxWidth),
  );
  const out: BarRect[] = [];
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i];
    const y = ys[i];
    if (x === undefined || y === null || y === undefined) continue;
    out.push([x - width / 2, Math.min(y, base), width, Math.abs(base - y)]);
  }
  return out;
}
