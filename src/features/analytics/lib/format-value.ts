/**
 * Numbers the page computes (sums, rates, percentages) as the page writes them: digit grouping,
 * two decimals, four below 10 in size (a rate such as 0.3456 keeps its digits). Cells of the
 * report are never formatted with this: they are shown as sent (`formatNumberCell`).
 */
const wide = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });
const fine = new Intl.NumberFormat(undefined, { maximumFractionDigits: 4 });

export function formatValue(v: number): string {
  return Math.abs(v) < 10 ? fine.format(v) : wide.format(v);
}
