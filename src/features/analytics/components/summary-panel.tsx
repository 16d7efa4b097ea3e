import { memo, useEffect, useId, useState } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import type { ChartData } from '../lib/chart-data.ts';
import { sameShape } from '../lib/progress-shape.ts';
import { formatRows } from '../lib/report-errors.ts';
import { metricFromId, metricNote, metricOptions } from '../lib/metrics.ts';
import {
  chartColumn,
  dimensionOptions,
  SUMMARY_PRESETS,
  type SummaryResult,
  type SummarySpec,
} from '../lib/summary-spec.ts';
import type { ChartSpec } from '../worker/protocol.ts';
import { SeriesChart } from './series-chart.tsx';
import { SummaryTable } from './summary-table.tsx';

interface Props {
  state: ReportState;
  spec: SummarySpec;
  onSpec(spec: SummarySpec): void;
  summary(spec: SummarySpec): Promise<SummaryResult>;
  chart(spec: ChartSpec): Promise<ChartData>;
  /** False until the page mounts this panel, a frame or more after the table (`hooks/use-staged-mount.ts`). */
  shown: boolean;
}

const PERIOD_IDS = ['day', 'week', 'month'];
const LIMITS = [20, 100, 1000];

/**
 * Region "Summary": group the report's rows by one or two dimensions (user, client, language,
 * day / ISO week / month, other text columns) with rows, distinct users and the sum, min and
 * max of a value, computed in the worker over every row that passes the preview's filters.
 * Presets answer the usual questions in one click; the table sorts by any column; a chart shows
 * the sorted column.
 */
function SummaryPanelView({ state, spec, onSpec, summary, chart, shown }: Props) {
  const id = useId();
  const { columns, periods, header } = state.progress;
  const dims = dimensionOptions(columns, periods);
  const values = metricOptions(columns).filter((o) => o.id !== 'active-users');
  const [answer, setAnswer] = useState<{ loadId: number; result: SummaryResult }>();
  const [chartData, setChartData] = useState<ChartData>();
  const [error, setError] = useState<string>();
  // Computed once the rows are all there (a summary of a million rows is not redone every second).
  const ready = state.phase === 'done';
  const has = (d: string) => dims.some((x) => x.id === d);
  const by = spec.by.filter(has);
  const first = by[0] ?? dims[0]?.id;
  const then = by[1] && by[1] !== first ? by[1] : '';
  const specKey = JSON.stringify({ ...spec, by: [first, then].filter(Boolean) });

  useEffect(() => {
    if (!first || !ready) return;
    let live = true;
    const loadId = state.loadId;
    const s = JSON.parse(specKey) as SummarySpec;
    summary(s).then(
      (r) => {
        if (!live) return;
        setAnswer({ loadId, result: r });
        setError(undefined);
        const period = s.by.find((d) => PERIOD_IDS.includes(d));
        const x = period ?? s.by[0] ?? first;
        const split = s.by.find((d) => d !== x && !PERIOD_IDS.includes(d) && d !== 'user');
        const metric = metricFromId(r.metrics[r.header.indexOf(chartColumn(r))] ?? 'rows');
        chart({ metric, x, split, top: 5 }).then(
          (d) => live && setChartData(d),
          () => live && setChartData(undefined),
        );
      },
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [summary, chart, specKey, first, ready, state.progress.filterKey, state.loadId]);

  if (!header?.length || !shown) return null;
  const result = answer?.loadId === state.loadId ? answer.result : undefined;
  const filtered = state.progress.viewLength !== state.progress.rows;
  const note = metricNote(metricFromId(spec.value), columns);

  function set(patch: Partial<SummarySpec>) {
    onSpec({ ...spec, by: [first, then].filter((d): d is string => !!d), ...patch });
  }

  function sortBy(column: string) {
    const current = result?.sort;
    const direction =
      current?.column === column && current.direction === 'descending' ? 'ascending' : 'descending';
    set({ sort: { column, direction } });
  }

  return (
    <section className="an-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="an-h2">
        Summary
      </h2>
      <div className="an-row" role="group" aria-label="Summary examples">
        {SUMMARY_PRESETS.map((p) => {
          const missing = p.needs.filter((d) => !has(d));
          return (
            <button
              key={p.label}
              type="button"
              disabled={missing.length > 0}
              title={
                missing.length
                  ? `This report has no ${missing.join(' or ')} column: load one with a finer granularity.`
                  : undefined
              }
              onClick={() => onSpec(p.spec)}
            >
              {p.label}
            </button>
          );
        })}
      </div>
      <div className="an-row">
        <label>
          Group by{' '}
          <select
            value={first}
            onChange={(e) =>
              set({
                by: [e.target.value, then === e.target.value ? '' : then].filter(Boolean),
                sort: undefined,
              })
            }
          >
            {dims.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Then by{' '}
          <select
            value={then}
            onChange={(e) => set({ by: [first, e.target.value].filter((d): d is string => !!d) })}
          >
            <option value="">(nothing)</option>
            {dims
              .filter((d) => d.id !== first)
              .map((d) => (
                <option key={d.id} value={d.id}>
                  {d.label}
                </option>
              ))}
          </select>
        </label>
        <label>
          Value{' '}
          <select
            value={spec.value}
            onChange={(e) => set({ value: e.target.value, sort: undefined })}
          >
            <option value="rows">(rows only)</option>
            {values.map((o) => (
              <option key={o.id} value={o.id}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Show{' '}
          <select value={spec.limit} onChange={(e) => set({ limit: Number(e.target.value) })}>
            {LIMITS.map((n) => (
              <option key={n} value={n}>
                top {n.toLocaleString()}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && (
        <p className="an-error" role="alert">
          Could not compute the summary: {error}
        </p>
      )}
      {!ready && !result && (
        <p className="an-hint">The summary is computed once the report has arrived.</p>
      )}
      {result && (
        <>
          <p className="an-hint" role="status">
            {result.groups.toLocaleString()} {result.groups === 1 ? 'group' : 'groups'} from{' '}
            {formatRows(result.rowsUsed)}
            {filtered ? ' that match the filters' : ''}
            {result.rows.length < result.groups
              ? `; showing the first ${result.rows.length.toLocaleString()} by ${result.sort.column}`
              : ''}
            {by.includes('week') || first === 'week'
              ? '. Weeks are ISO weeks, Monday to Sunday.'
              : '.'}
          </p>
          {note && <p className="an-hint">{note}</p>}
          <SummaryTable result={result} onSort={sortBy} />
          <SeriesChart
            caption={`Summary chart: ${chartColumn(result)} per ${result.header[0] ?? ''}`}
            xLabel={result.header[0] ?? ''}
            valueLabel={chartColumn(result)}
            data={chartData}
          />
        </>
      )}
    </section>
  );
}

/** Progress that only moves the counters does not re-render the summary. */
export const SummaryPanel = memo(
  SummaryPanelView,
  (a, b) =>
    a.spec === b.spec &&
    a.onSpec === b.onSpec &&
    a.summary === b.summary &&
    a.chart === b.chart &&
    a.shown === b.shown &&
    a.state.phase === b.state.phase &&
    a.state.loadId === b.state.loadId &&
    sameShape(a.state.progress, b.state.progress),
);
