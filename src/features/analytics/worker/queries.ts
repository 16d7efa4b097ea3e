/**
 * The report worker's answers about the rows it holds: column roles, chart series, the Summary
 * table, Compare periods, retention, the key figures and derived CSV exports, all over the rows of the current view (the
 * preview's filters apply; its sort orders the exported rows).
 */
import { chartData, type ChartData } from '../lib/chart-data.ts';
import { columnRoles, findRole, type ColumnInfo } from '../lib/column-roles.ts';
import { comparePeriods, type CompareResult, type CompareSpec } from '../lib/compare.ts';
import type { ReportStore } from '../lib/csv-store.ts';
import { CsvParts } from '../lib/csv-write.ts';
import { keyFigures, type KeyFigures } from '../lib/key-figures.ts';
import { periodsFor, type Period } from '../lib/periods.ts';
import { ratioMemo, withRatios, type RatioMemo } from '../lib/rates.ts';
import { retention, type CohortPeriod, type RetentionResult } from '../lib/retention.ts';
import {
  buildSummary,
  dimensionGroup,
  type SummaryResult,
  type SummarySpec,
} from '../lib/summary-spec.ts';
import type { ChartSpec } from './protocol.ts';

/** Rows read from the store per step of a rows export. */
const EXPORT_STEP = 10_000;

const ratioMemos = new WeakMap<ReportStore, RatioMemo>();

/** The columns' roles; rates whose parts the report has carry them (`lib/rates.ts`). */
export function reportColumns(store: ReportStore): ColumnInfo[] {
  let memo = ratioMemos.get(store);
  if (!memo) ratioMemos.set(store, (memo = ratioMemo()));
  const cols = columnRoles(store.header, store.types(), store.leadingZeros());
  return withRatios(cols, store.source(), memo);
}

/** Periods the date column allows, judged by its first non-empty value. */
export function reportPeriods(store: ReportStore): Period[] {
  const date = findRole(reportColumns(store), 'date');
  if (!date) return [];
  return periodsFor(store.firstValue(date.index));
}

const NO_CHART: ChartData = { x: [], time: false, series: [] };

export function runChart(store: ReportStore | undefined, spec: ChartSpec): ChartData {
  if (!store) return NO_CHART;
  const cols = reportColumns(store);
  const x = dimensionGroup(spec.x, cols);
  if (!x) return NO_CHART;
  const split = spec.split ? dimensionGroup(spec.split, cols) : undefined;
  return chartData(store.source(), cols, {
    metric: spec.metric,
    x,
    split: split && !split.per && split.column !== x.column ? split.column : undefined,
    top: spec.top,
  });
}

const NO_SUMMARY: SummaryResult = {
  header: [],
  keyCount: 0,
  numeric: [],
  metrics: [],
  rows: [],
  groups: 0,
  rowsUsed: 0,
  sort: { column: '', direction: 'ascending' },
};

export function runSummary(store: ReportStore | undefined, spec: SummarySpec): SummaryResult {
  return store ? buildSummary(store.source(), reportColumns(store), spec) : NO_SUMMARY;
}

export function runCompare(store: ReportStore | undefined, spec: CompareSpec): CompareResult {
  if (!store) return { ok: false, message: 'Load a report first.' };
  return comparePeriods(store.source(), reportColumns(store), spec);
}

export function runRetention(store: ReportStore | undefined, per: CohortPeriod): RetentionResult {
  if (!store) return { ok: false, message: 'Load a report first.' };
  return retention(store.source(), reportColumns(store), per);
}

/** The tiles' figures; `requestedStart` is the start date the report was asked for. */
export function runKeyFigures(store: ReportStore | undefined, requestedStart?: string): KeyFigures {
  if (!store) return { ok: false, reason: 'no-rows' };
  return keyFigures(store.source(), reportColumns(store), requestedStart);
}

/** The view's rows in view order with the header, or the whole summary (every group). */
export function runExport(
  store: ReportStore | undefined,
  summary: SummarySpec | undefined,
): { blob: Blob; rows: number } {
  const out = new CsvParts();
  let rows = 0;
  if (store && summary) {
    const r = buildSummary(store.source(), reportColumns(store), {
      ...summary,
      limit: Number.MAX_SAFE_INTEGER,
    });
    out.add(r.header);
    for (const row of r.rows) out.add(row);
    rows = r.rows.length;
  } else if (store) {
    out.add(store.header);
    const total = store.viewLength();
    for (let start = 0; start < total; start += EXPORT_STEP)
      for (const row of store.window(start, EXPORT_STEP).rows) out.add(row);
    rows = total;
  }
  return { blob: new Blob(out.finish(), { type: 'text/csv;charset=utf-8' }), rows };
}
