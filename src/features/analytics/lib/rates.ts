/**
 * Rate columns as ratios. A rate over many rows is Σ numerator ÷ Σ denominator of those rows,
 * never the mean of the rows' rates (a day with 2 suggestions would weigh as much as one with
 * 2,000). The analytics export documents its rates by name; where the report has both parts of
 * a rate, charts, summaries and comparisons recompute it from them. Pure.
 *
 * - `Combined CAR` = `Combined Completion Acceptances` ÷ `Combined Completion Suggestions`.
 * - `Percentage of Code Written by Cody` = 100 × `Total Characters Written by Cody` ÷
 *   `Total Characters Written`.
 * - `Auto-edit acceptance rate` = `Auto-edit accepted events` ÷ `Auto-edit suggested events`.
 * - `Weighted CAR` is weighted by the characters each completion presented; the report has the
 *   accepted characters but not the presented ones, so it stays a mean of the rows' values, and
 *   says so. So does any rate whose parts are missing, or whose cells do not equal them.
 *
 * The definition is checked against the rows: a rate whose cells disagree with scale × num ÷
 * den (beyond the rounding of the cell as written) on more than 1 % of the rows checked, as a
 * fraction and as a percentage, is not recomputed.
 */
import type { ColumnInfo } from './column-roles.ts';
import { parseNumber } from './csv-types.ts';
import type { RowSource } from './summarize.ts';

/** A rate column's numerator and denominator columns (indexes), and its scale (1, or 100 for %). */
export interface RateParts {
  num: number;
  den: number;
  scale: number;
}

interface RateDefinition {
  rate: RegExp;
  num: RegExp;
  den: RegExp;
  scale: number;
}

const DEFINITIONS: readonly RateDefinition[] = [
  {
    rate: /^combined car$/i,
    num: /^combined completion acceptances$/i,
    den: /^combined completion suggestions$/i,
    scale: 1,
  },
  {
    rate: /^percentage of code written by cody$/i,
    num: /^total characters written by cody$/i,
    den: /^total characters written$/i,
    scale: 100,
  },
  {
    rate: /^auto-edit acceptance rate$/i,
    num: /^auto-edit accepted events$/i,
    den: /^auto-edit suggested events$/i,
    scale: 1,
  },
];

/** Rows with a denominator above zero and a rate cell that are checked against the definition. */
const CHECKED_ROWS = 10_000;
/** Share of the checked rows allowed to disagree (a stray row must not undo the definition). */
const MISMATCH_SHARE = 0.01;

/** Half a unit of the last decimal written: `0.3456` → 0.00005, `57` → 0.5. */
function rounding(text: string): number {
  const dot = text.indexOf('.');
  const decimals = dot < 0 ? 0 : text.trim().length - dot - 1;
  return 0.5 * 10 ** -decimals + 1e-9;
}

/** How many of the first checked rows disagree with `parts`, and how many were checked. */
function check(
  source: RowSource,
  rate: number,
  parts: RateParts,
): { checked: number; off: number } {
  const r = source.columns[rate];
  const n = source.columns[parts.num];
  const d = source.columns[parts.den];
  if (!r || !n || !d) return { checked: 0, off: 0 };
  const rNum = r.dict.map((v) => parseNumber(v));
  const nNum = n.dict.map((v) => parseNumber(v));
  const dNum = d.dict.map((v) => parseNumber(v));
  let checked = 0;
  let off = 0;
  for (let i = 0; i < source.length && checked < CHECKED_ROWS; i++) {
    const rc = r.codes[i]!;
    const value = rNum[rc]!;
    const den = dNum[d.codes[i]!]!;
    if (!(den > 0) || value !== value) continue;
    const num = nNum[n.codes[i]!]!;
    checked++;
    if (!(Math.abs(value - (parts.scale * (num === num ? num : 0)) / den) <= rounding(r.dict[rc]!)))
      off++;
  }
  return { checked, off };
}

/**
 * What the checks of a report found: a rate's parts once CHECKED_ROWS rows were checked (rows
 * only arrive, so that never changes), else the last answer and the row count it was for. The
 * worker keeps one per report: a check reads up to 10,000 rows and every distinct value of the
 * three columns, too much to redo for every query and progress.
 */
export interface RatioMemo {
  rows: number;
  final: Map<number, RateParts | null>;
  last: Map<number, RateParts | null>;
}

export function ratioMemo(): RatioMemo {
  return { rows: -1, final: new Map(), last: new Map() };
}

/** The parts a rate's cells agree with (as a fraction, or as a percentage), and whether that is final. */
function decide(
  source: RowSource,
  rate: number,
  def: RateDefinition,
  num: number,
  den: number,
): { parts: RateParts | null; final: boolean } {
  let final = false;
  // The export's docs do not say whether a rate is written as a fraction or a percentage.
  for (const scale of [def.scale, def.scale === 1 ? 100 : 1]) {
    const parts = { num, den, scale };
    const { checked, off } = check(source, rate, parts);
    final = checked >= CHECKED_ROWS;
    if (off <= checked * MISMATCH_SHARE) return { parts, final };
  }
  return { parts: null, final };
}

/**
 * The columns with `ratio` set on each rate column whose parts the report has (and whose cells
 * agree with them over `source`'s rows, all of them, whatever the filters).
 */
export function withRatios(
  cols: readonly ColumnInfo[],
  source: RowSource,
  memo: RatioMemo = ratioMemo(),
): ColumnInfo[] {
  const all = { ...source, rows: undefined };
  const fresh = memo.rows !== source.length;
  memo.rows = source.length;
  const byName = (re: RegExp) => cols.find((c) => c.role === 'measure' && re.test(c.name.trim()));
  return cols.map((c) => {
    if (c.role !== 'rate') return c;
    const def = DEFINITIONS.find((d) => d.rate.test(c.name.trim()));
    const num = def && byName(def.num);
    const den = def && byName(def.den);
    if (!def || !num || !den) return c;
    let parts = memo.final.get(c.index) ?? (fresh ? undefined : memo.last.get(c.index));
    if (parts === undefined) {
      const d = decide(all, c.index, def, num.index, den.index);
      (d.final ? memo.final : memo.last).set(c.index, d.parts);
      parts = d.parts;
    }
    return parts ? { ...c, ratio: parts } : c;
  });
}
