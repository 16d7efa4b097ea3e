import { useEffect, useId, useMemo, useState } from 'react';
import uPlot from 'uplot';
import type { ReportState } from '../hooks/use-report.ts';
import { dateToSeconds } from '../lib/chart-series.ts';
import type { Aggregate, GroupMode } from '../lib/csv-store.ts';
import { UplotChart } from './uplot-chart.tsx';

interface Props {
  state: ReportState;
  aggregate(metric: number, group: number, mode: GroupMode): Promise<Aggregate>;
}

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

/** "Report chart": a numeric column summed per day, per month or per value (computed in the worker). */
export function ReportChart({ state, aggregate }: Props) {
  const id = useId();
  const { header = [], types } = state.progress;
  const metrics = header.map((h, i) => ({ h, i })).filter(({ i }) => types[i] === 'number');
  const dateCol = types.indexOf('date');
  const textCol = types.indexOf('text');
  const [metricName, setMetricName] = useState<string>();
  const [modeChoice, setModeChoice] = useState<GroupMode>('day');
  const metric = metrics.find((m) => m.h === metricName) ?? metrics[0];
  const mode: GroupMode = dateCol < 0 ? 'value' : modeChoice === 'value' ? 'day' : modeChoice;
  const group = dateCol >= 0 ? dateCol : textCol;
  const [data, setData] = useState<Aggregate>();
  const tick = state.phase === 'done' ? -1 : Math.floor(state.viewVersion / 10);

  const metricIndex = metric?.i ?? -1;
  useEffect(() => {
    if (metricIndex < 0 || group < 0) return;
    let live = true;
    aggregate(metricIndex, group, mode).then(
      (d) => live && setData(d),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [aggregate, metricIndex, group, mode, tick, state.loadId]);

  const metricLabel = metric?.h ?? '';
  const groupLabel = mode === 'value' ? (header[group] ?? 'value') : mode;
  const plot = useMemo(() => {
    if (!data || !metricLabel) return undefined;
    const byValue = mode === 'value';
    const xs = byValue ? data.labels.map((_, i) => i) : data.labels.map(dateToSeconds);
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      scales: { x: { time: !byValue } },
      axes: byValue
        ? [{ values: (_u, splits) => splits.map((s) => data.labels[s] ?? '') }, {}]
        : [{}, {}],
      legend: { show: true },
      series: [
        {},
        {
          label: metricLabel,
          stroke: '#0969da',
          fill: 'rgba(9,105,218,0.35)',
          paths: uPlot.paths.bars?.({ size: [0.8, 40] }),
          points: { show: false },
        },
      ],
    };
    return { options, data: [xs, data.values] as uPlot.AlignedData };
  }, [data, metricLabel, mode]);

  const dataTable = useMemo(
    () =>
      data && (
        <details>
          <summary>Chart data as a table</summary>
          <table className="an-data-table">
            <caption className="an-sr">
              {metricLabel} per {groupLabel}
            </caption>
            <thead>
              <tr>
                <th scope="col">{groupLabel}</th>
                <th scope="col">{metricLabel}</th>
              </tr>
            </thead>
            <tbody>
              {data.labels.map((l, i) => (
                <tr key={l}>
                  <th scope="row">{l || '(empty)'}</th>
                  <td className="an-num">{nf.format(data.values[i])}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      ),
    [data, metricLabel, groupLabel],
  );

  if (!header.length) return null;
  if (!metric) return <p className="an-hint">No numeric column to chart in this report.</p>;
  return (
    <figure className="an-figure" aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`}>
        Report chart: {metric.h} per {groupLabel}
        {state.phase !== 'done' ? ' (updating while rows arrive)' : ''}
      </figcaption>
      <div className="an-row">
        <label>
          Chart metric{' '}
          <select value={metric.h} onChange={(e) => setMetricName(e.target.value)}>
            {metrics.map((m) => (
              <option key={m.i}>{m.h}</option>
            ))}
          </select>
        </label>
        {dateCol >= 0 && (
          <label>
            Per{' '}
            <select value={mode} onChange={(e) => setModeChoice(e.target.value as GroupMode)}>
              <option value="day">day</option>
              <option value="month">month</option>
            </select>
          </label>
        )}
      </div>
      {plot && <UplotChart options={plot.options} data={plot.data} />}
      {dataTable}
    </figure>
  );
}
