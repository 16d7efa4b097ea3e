import { memo, useEffect, useId, useState } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import type { CompareResult, CompareSpec } from '../lib/compare.ts';
import { metricFromId, metricNote, metricOptions, pickMetric } from '../lib/metrics.ts';
import { sameShape } from '../lib/progress-shape.ts';
import type { CompareChoice } from '../lib/saved-view.ts';
import { MetricSelect } from './metric-select.tsx';
import { formatValue } from '../lib/format-value.ts';

interface Props {
  state: ReportState;
  compare(spec: CompareSpec): Promise<CompareResult>;
  /** Metric and length chosen (the page keeps them: a saved view holds them). */
  choice: CompareChoice;
  onChoice(patch: CompareChoice): void;
  /** False until the page mounts this panel, a frame or more after the table (`hooks/use-staged-mount.ts`). */
  shown: boolean;
}

const pct = new Intl.NumberFormat(undefined, {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
});
const DAY_LENGTHS: readonly [number, number, number] = [7, 28, 90];
const MONTH_LENGTHS: readonly [number, number, number] = [1, 3, 6];

function span(n: number, unit: 'day' | 'month'): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

const value = (v: number | null) => (v === null ? '–' : formatValue(v));

/**
 * Group "Compare periods": a metric over the report's latest N days (or months) against the N
 * before, with the absolute and percent change; computed in the worker.
 */
function ComparePeriodsView({ state, compare, choice, onChoice, shown }: Props) {
  const id = useId();
  const { columns, periods, header } = state.progress;
  const options = metricOptions(columns);
  const { metric: metricId, length: lengthChoice } = choice;
  const metric = pickMetric(options, metricId);
  const monthly = periods.length === 1 && periods[0] === 'month';
  const lengths = monthly ? MONTH_LENGTHS : DAY_LENGTHS;
  const length =
    lengthChoice !== undefined && lengths.includes(lengthChoice) ? lengthChoice : lengths[1];
  const [answer, setAnswer] = useState<{ loadId: number; result: CompareResult }>();
  const ready = state.phase === 'done';
  const chosen = metric?.id;

  useEffect(() => {
    if (!chosen || !ready) return;
    let live = true;
    const loadId = state.loadId;
    compare({ metric: metricFromId(chosen), length }).then(
      (r) => live && setAnswer({ loadId, result: r }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [compare, chosen, length, ready, state.progress.filterKey, state.loadId]);

  if (!header?.length || !metric || !shown) return null;
  const result = answer?.loadId === state.loadId ? answer.result : undefined;
  const unit = result?.ok ? result.unit : monthly ? 'month' : 'day';
  return (
    <fieldset className="an-fieldset">
      <legend>Compare periods</legend>
      <div className="an-row">
        <MetricSelect
          label="Compare metric"
          options={options}
          value={metric.id}
          onChange={(metric) => onChoice({ metric })}
        />
        <label>
          Period length{' '}
          <select value={length} onChange={(e) => onChoice({ length: Number(e.target.value) })}>
            {lengths.map((n) => (
              <option key={n} value={n}>
                last {span(n, unit)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {result && !result.ok && (
        <p className="an-hint" role="status">
          {result.message}
        </p>
      )}
      {result?.ok && (
        <>
          <table className="an-data-table" aria-labelledby={`${id}-cap`}>
            <caption id={`${id}-cap`} className="an-sr">
              {metric.label}: last {span(length, unit)} against the {span(length, unit)} before
            </caption>
            <thead>
              <tr>
                <th scope="col">Period</th>
                <th scope="col">Dates</th>
                <th scope="col">{metric.label}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">This period</th>
                <td>
                  {result.current.from} – {result.current.to}
                </td>
                <td className="an-num">{value(result.current.value)}</td>
              </tr>
              <tr>
                <th scope="row">Previous period</th>
                <td>
                  {result.previous.from} – {result.previous.to}
                </td>
                <td className="an-num">{value(result.previous.value)}</td>
              </tr>
              <tr>
                <th scope="row">Change</th>
                <td />
                <td className="an-num">
                  {result.change === null
                    ? '–'
                    : `${result.change > 0 ? '+' : ''}${formatValue(result.change)}`}{' '}
                  (
                  {result.percent === null
                    ? 'no % change: the previous value is 0'
                    : `${pct.format(result.percent)}%`}
                  )
                </td>
              </tr>
            </tbody>
          </table>
          <p className="an-hint">
            Periods end on the report&apos;s latest date ({result.last}).
            {metric.ref.kind === 'active-users' && ' Users are counted once per period.'}
            {metricNote(metric.ref, columns) && ` ${metricNote(metric.ref, columns)}`}
            {result.partial &&
              ` The report starts on ${result.first}, so the previous period is incomplete: load a longer date range to compare fully.`}
          </p>
        </>
      )}
    </fieldset>
  );
}

/** Progress that only moves the counters does not re-render the comparison. */
export const ComparePeriods = memo(
  ComparePeriodsView,
  (a, b) =>
    a.compare === b.compare &&
    a.choice === b.choice &&
    a.onChoice === b.onChoice &&
    a.shown === b.shown &&
    a.state.phase === b.state.phase &&
    a.state.loadId === b.state.loadId &&
    sameShape(a.state.progress, b.state.progress),
);
