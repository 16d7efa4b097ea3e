/**
 * Which rows of a report are activity: a row marked `Active Sourcegraph User` (a billable
 * action, even on a row whose counts are all blank) or with a count above zero (a tracked
 * action); a row with neither is no action, as the export's docs say. A report with neither a
 * flag nor counts has every row count. Shared by the key figures and retention. Pure.
 */
import type { ColumnInfo } from './column-roles.ts';
import { parseNumber } from './csv-types.ts';
import type { RowSource } from './summarize.ts';

/** The column that marks a user active on a row (`Active Sourcegraph User`). */
const ACTIVE_FLAG = /^active( sourcegraph)? user$/i;
const TRUE = /^(true|yes|1)$/i;

/** Per dictionary code: 1 where the value is a number other than zero. */
function nonZero(dict: readonly string[]): Uint8Array {
  return Uint8Array.from(dict, (v) => {
    const n = parseNumber(v);
    return n === n && n !== 0 ? 1 : 0;
  });
}

/** The activity flag column, when the report has one. */
export function activeFlagColumn(cols: readonly ColumnInfo[]): ColumnInfo | undefined {
  return cols.find((c) => ACTIVE_FLAG.test(c.name.trim()));
}

/** A test of row `r` (an index into the columns) for activity, built once per report. */
export function activityTest(
  source: RowSource,
  cols: readonly ColumnInfo[],
): (r: number) => boolean {
  const flag = activeFlagColumn(cols);
  const flagCol = flag && source.columns[flag.index];
  const flagCodes = flagCol?.codes;
  const flagTrue = flagCol
    ? Uint8Array.from(flagCol.dict, (v) => (TRUE.test(v.trim()) ? 1 : 0))
    : undefined;
  const counts = cols
    .filter((c) => c.role === 'measure')
    .map((c) => source.columns[c.index])
    .filter((c) => c !== undefined);
  const countCodes = counts.map((c) => c.codes);
  const countNonZero = counts.map((c) => nonZero(c.dict));
  if (!flagCol && counts.length === 0) return () => true;
  return (r) => {
    if (flagTrue !== undefined && flagTrue[flagCodes![r]!] === 1) return true;
    for (let k = 0; k < countCodes.length; k++)
      if (countNonZero[k]![countCodes[k]![r]!] === 1) return true;
    return false;
  };
}
