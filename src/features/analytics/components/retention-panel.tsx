import { memo, useEffect, useId, useState } from 'react';
import { ScrollTable } from './scroll-table.tsx';
import type { ReportState } from '../hooks/use-report.ts';
import type { ChartData } from '../lib/chart-data.ts';
import { sameShape } from '../lib/progress-shape.ts';
import { RETENTION_OFFSETS, type CohortPeriod, type RetentionResult } from '../lib/retention.ts';
import { SeriesChart } from './series-chart.tsx';

interface Props {
  state: ReportState;
  retention(per: CohortPeriod): Promise<RetentionResult>;
  /** The cohort period chosen (a saved view keeps it); undefined: weeks where the dates allow. */
  per: CohortPeriod | undefined;
  onPer(per: CohortPeriod): void;
  /** False until the page mounts this panel (`hooks/use-staged-mount.ts`). */
  shown: boolean;
}

const pct = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 });
const count = new Intl.NumberFormat(undefined);

function periods(n: number, per: CohortPeriod): string {
  return `${n} ${per}${n === 1 ? '' : 's'}`;
}

/** Percent of a cohort retained, or null when it is unknown or the cohort is empty. */
function share(kept: number | null, users: number): number | null {
  return kept === null || users === 0 ? null : (kept / users) * 100;
}

/** The chart's series: per offset, the share of each cohort active again. */
function chartOf(result: Extract<RetentionResult, { ok: true }>): ChartData {
  return {
    x: result.cohorts.map((c) => c.period),
    time: true,
    series: RETENTION_OFFSETS.map((k, j) => ({
      label: `% active ${periods(k, result.per)} later`,
      values: result.cohorts.map((c) => share(c.retained[j] ?? null, c.users)),
    })),
  };
}

/**
 * Region "Retention": users grouped by the week or month of their first active row, and how many
 * of each cohort are active again 1, 2, 4 and 8 periods later, as a table and a chart; computed
 * in the worker (`lib/retention.ts`) over the rows that pass the preview's filters, once the
 * report is in. Loaded as a chunk of its own.
 */
function RetentionPanelView({ state, retention, per: chosen, onPer, shown }: Props) {
  const id = useId();
  const { header, periods: allowed, filterKey } = state.progress;
  const weeks = allowed.includes('week');
  const per: CohortPeriod = chosen === 'month' || !weeks ? 'month' : 'week';
  const [answer, setAnswer] = useState<{ key: string; result: RetentionResult }>();
  const ready = state.phase === 'done';
  const key = `${state.loadId}|${per}|${filterKey}`;

  useEffect(() => {
    if (!ready || !allowed.length) return;
    let live = true;
    retention(per).then(
      (result) => live && setAnswer({ key, result }),
      (err: unknown) =>
        live &&
        setAnswer({
          key,
          result: { ok: false, message: err instanceof Error ? err.message : String(err) },
        }),
    );
    return () => {
      live = false;
    };
  }, [retention, per, ready, key, allowed.length]);

  if (!header?.length || !shown) return null;
  const result = answer?.key === key ? answer.result : undefined;
  const caption =
    `Retention by first active ${per}: of the users first active in each ${per}, how many ` +
    `were active again ${RETENTION_OFFSETS.join(', ').replace(/, (\d+)$/, ' and $1')} ${per}s later`;

  return (
    <section className="an-fieldset" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="an-h2">
        Retention
      </h2>
      <div className="an-row">
        <label>
          Cohorts by{' '}
          <select value={per} onChange={(e) => onPer(e.target.value as CohortPeriod)}>
            <option value="week" disabled={!weeks}>
              first active week
            </option>
            <option value="month">first active month</option>
          </select>
        </label>
        {per === 'week' && (
          <span className="an-hint">ISO weeks: Monday to Sunday (UTC dates).</span>
        )}
      </div>
      {!allowed.length && (
        <p className="an-hint" role="status">
          This report has no dates: load one by day or by month to see retention.
        </p>
      )}
      {allowed.length > 0 && !ready && !result && (
        <p className="an-hint">Retention is computed once the report has arrived.</p>
      )}
      {result && !result.ok && (
        <p className="an-hint" role="status">
          {result.message}
        </p>
      )}
      {result?.ok && (
        <>
          <p className="an-hint" role="status">
            A user is active in a {per} when one of their rows in it is marked active or has a count
            above zero.
            {result.firstPartial &&
              ` The report starts on ${result.firstDate}, inside its first ${per}: users active before that look new in it.`}
            {result.lastPartial &&
              ` It ends on ${result.lastDate}, inside its last ${per}: that ${per}'s counts are partial.`}{' '}
            “–”: that {per} is after the report&apos;s last date.
          </p>
          <ScrollTable labelledBy={`${id}-cap`} className="an-retention">
            <caption id={`${id}-cap`}>{caption}</caption>
            <thead>
              <tr>
                <th scope="col">First active {per}</th>
                <th scope="col" className="an-num">
                  Users
                </th>
                {RETENTION_OFFSETS.map((k) => (
                  <th key={k} scope="col" className="an-num">
                    After {periods(k, per)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {result.cohorts.map((c) => (
                <tr key={c.period}>
                  <th scope="row">
                    {c.period}
                    {per === 'week' && <span className="an-hint"> (from {c.from})</span>}
                  </th>
                  <td className="an-num">{count.format(c.users)}</td>
                  {c.retained.map((kept, j) => {
                    const p = share(kept, c.users);
                    return (
                      <td key={j} className="an-num">
                        {kept === null
                          ? '–'
                          : `${count.format(kept)}${p === null ? '' : ` (${pct.format(p)}%)`}`}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </ScrollTable>
          <SeriesChart
            caption={`Retention chart: % of each cohort active again, by first active ${per}`}
            xLabel={`First active ${per}`}
            valueLabel="% active"
            data={chartOf(result)}
          />
        </>
      )}
    </section>
  );
}

/** Progress that only moves the counters does not re-render retention. */
const RetentionPanel = memo(
  RetentionPanelView,
  (a, b) =>
    a.retention === b.retention &&
    a.per === b.per &&
    a.onPer === b.onPer &&
    a.shown === b.shown &&
    a.state.phase === b.state.phase &&
    a.state.loadId === b.state.loadId &&
    sameShape(a.state.progress, b.state.progress),
);
export default RetentionPanel;
