import { memo, useEffect, useState } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import { afterNextPaint } from '../../../shared/lib/schedule.ts';
import type { ChartData } from '../lib/chart-data.ts';
import { findRole } from '../lib/column-roles.ts';
import { metricFromId, metricNote, metricOptions, pickMetric } from '../lib/metrics.ts';
import { PERIODS, type Period } from '../lib/periods.ts';
import { sameShape } from '../lib/progress-shape.ts';
import type { ChartSpec } from '../worker/protocol.ts';
import type { ChartChoice } from '../lib/saved-view.ts';
import { SeriesChart } from './series-chart.tsx';
import { MetricSelect } from './metric-select.tsx';

interface Props {
  state: ReportState;
  chart(spec: ChartSpec): Promise<ChartData>;
  /** Metric, period and series chosen (the page keeps them: a saved view holds them). */
  choice: ChartChoice;
  onChoice(patch: ChartChoice): void;
  /** False until the page mounts this panel, a frame or more after the table (`hooks/use-staged-mount.ts`). */
  shown: boolean;
}

/** Series drawn per client or language: the largest few and "Other". */
const TOP_SERIES = 5;

/**
 * While rows arrive, the chart is redrawn each time the row count doubles (the worker goes over
 * every row for a chart, so redrawing on a clock would take a share of its time that grows with
 * the report: at each half it went over ~3× the report's rows in all, ~1 s of a 1 M-row load's
 * worker time; now ~2×); once done, when the filters change.
 */
function chartTick(state: ReportState): string {
  return state.phase === 'done'
    ? state.progress.filterKey
    : String(Math.floor(Math.log2(state.progress.rows + 1)));
}

/**
 * "Report chart": a metric (active users by default, never an ID, date or text column) per day,
 * ISO week or month, optionally one series per client or language; computed in the worker over
 * the rows that pass the preview's filters. A report without dates is charted per user.
 */
function ReportChartView({ state, chart, choice, onChoice, shown }: Props) {
  const { header = [], columns, periods } = state.progress;
  const { metric: metricId, per: perChoice = 'day', split = '' } = choice;
  const per = periods.includes(perChoice) ? perChoice : periods[0];
  // Without dates the chart is per user, where "active users" would be 1 for everyone.
  const options = metricOptions(columns).filter((o) => per || o.id !== 'active-users');
  const metric = pickMetric(options, metricId);
  const user = findRole(columns, 'user');
  const x = per ?? (user ? 'user' : undefined);
  const splits = (['client', 'language'] as const).filter((r) => findRole(columns, r));
  const splitBy = split && splits.includes(split) ? split : undefined;
  const [data, setData] = useState<ChartData>();
  const tick = chartTick(state);

  const chosen = metric?.id;
  useEffect(() => {
    if (!chosen || !x) return;
    let live = true;
    // Asked after the frame that shows the new rows or filters: the worker's pass over every
    // row would take the CPU that frame needs.
    const cancel = afterNextPaint(() =>
      chart({ metric: metricFromId(chosen), x, split: splitBy, top: TOP_SERIES }).then(
        (d) => live && setData(d),
        () => undefined,
      ),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [chart, chosen, x, splitBy, tick, state.loadId]);

  if (!header.length || !shown) return null;
  if (!metric || !x) return <p className="an-hint">No measure to chart in this report.</p>;
  const note = metricNote(metric.ref, columns);
  const xLabel = per ? (per === 'week' ? 'ISO week (from Monday)' : per) : 'user';
  const caption =
    `Report chart: ${metric.label} per ${per ?? 'user (top 30)'}` +
    (splitBy ? `, by ${splitBy} (top ${TOP_SERIES} and Other)` : '') +
    (state.phase !== 'done' ? ' (updating while rows arrive)' : '');
  return (
    <SeriesChart caption={caption} xLabel={xLabel} valueLabel={metric.label} data={data}>
      <div className="an-row">
        <MetricSelect
          label="Chart metric"
          options={options}
          value={metric.id}
          onChange={(metric) => onChoice({ metric })}
        />
        {per && (
          <label>
            Per{' '}
            <select value={per} onChange={(e) => onChoice({ per: e.target.value as Period })}>
              {PERIODS.map((p) => (
                <option key={p} value={p} disabled={!periods.includes(p)}>
                  {p}
                </option>
              ))}
            </select>
          </label>
        )}
        {splits.length > 0 && (
          <label>
            Series{' '}
            <select
              value={splitBy ?? ''}
              onChange={(e) => onChoice({ split: e.target.value as '' | 'client' | 'language' })}
            >
              <option value="">one series</option>
              {splits.map((s) => (
                <option key={s} value={s}>
                  per {s}
                </option>
              ))}
            </select>
          </label>
        )}
        {per === 'week' && (
          <span className="an-hint">ISO weeks: Monday to Sunday (UTC dates).</span>
        )}
      </div>
      {note && <p className="an-hint">{note}</p>}
    </SeriesChart>
  );
}

/** Progress that only moves the counters between two redraws does not re-render the chart. */
export const ReportChart = memo(
  ReportChartView,
  (a, b) =>
    a.chart === b.chart &&
    a.choice === b.choice &&
    a.onChoice === b.onChoice &&
    a.shown === b.shown &&
    a.state.phase === b.state.phase &&
    a.state.loadId === b.state.loadId &&
    chartTick(a.state) === chartTick(b.state) &&
    sameShape(a.state.progress, b.state.progress),
);
