import { useCallback, useState } from 'react';
import type { ReportForm } from '../../../shared/contracts/report-params.ts';
import type { CohortPeriod } from '../lib/retention.ts';
import {
  EMPTY_TABLE,
  type ChartChoice,
  type CompareChoice,
  type TableView,
  type ViewState,
} from '../lib/saved-view.ts';
import { SUMMARY_PRESETS, type SummarySpec } from '../lib/summary-spec.ts';

/**
 * The page's choices that make a view (`lib/saved-view.ts`) besides the report form: the rows'
 * sort and filters, the summary, the chart, Compare periods and retention. A new report clears
 * the sort and filters (its columns may differ), unless it is a view's report being opened.
 */
export function useViewChoices(header: readonly string[] | undefined) {
  const [table, setTable] = useState<TableView>(EMPTY_TABLE);
  const [summary, setSummary] = useState<SummarySpec>(SUMMARY_PRESETS[0].spec);
  const [chart, setChart] = useState<ChartChoice>({});
  const [compare, setCompare] = useState<CompareChoice>({});
  const [retentionPer, setRetentionPer] = useState<CohortPeriod>();
  /** A view was opened with a report to load: keep its sort and filters for that report. */
  const [keepTable, setKeepTable] = useState(false);

  const headerKey = header?.join('\u0000') ?? '';
  const [prevHeaderKey, setPrevHeaderKey] = useState(headerKey);
  if (headerKey !== prevHeaderKey) {
    setPrevHeaderKey(headerKey);
    if (!keepTable) setTable(EMPTY_TABLE);
    else if (headerKey) setKeepTable(false);
  }

  const onChart = useCallback((patch: ChartChoice) => setChart((c) => ({ ...c, ...patch })), []);
  const onCompare = useCallback(
    (patch: CompareChoice) => setCompare((c) => ({ ...c, ...patch })),
    [],
  );

  /** The view as it is now, with the report form `report`. */
  const snapshot = (report: ReportForm): ViewState => ({
    report,
    table,
    summary,
    chart,
    compare,
    retention: retentionPer ? { per: retentionPer } : {},
  });

  /** Shows `view`'s choices; `reloading`: its report is about to load (keep its filters for it). */
  function apply(view: ViewState, reloading: boolean) {
    setTable(view.table);
    setSummary(view.summary);
    setChart(view.chart);
    setCompare(view.compare);
    setRetentionPer(view.retention.per);
    setKeepTable(reloading);
  }

  return {
    table,
    setTable,
    summary,
    setSummary,
    chart,
    onChart,
    compare,
    onCompare,
    retentionPer,
    setRetentionPer,
    snapshot,
    apply,
  };
}
