import { useId, useMemo } from 'react';
import type uPlot from 'uplot';
import { useChartTheme } from '../hooks/use-chart-theme.ts';
import { creditSeries, dateToSeconds } from '../lib/chart-series.ts';
import type { CreditBucket } from '../lib/credits.ts';
import { UplotChart } from './uplot-chart.tsx';

const nf = new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 });

/**
 * "Credit consumption": each bucket's allocation over its active period against cumulative
 * consumption, plus the active bucket's projection at the current rate. `summary` (percent
 * used, run-out date) is rendered by the caller inside the caption.
 */
export function CreditChart({ buckets, today }: { buckets: CreditBucket[]; today: string }) {
  const id = useId();
  const theme = useChartTheme();
  const series = useMemo(() => creditSeries(buckets, today), [buckets, today]);
  const plot = useMemo(() => {
    const options: Omit<uPlot.Options, 'width' | 'height'> = {
      scales: { x: { time: true } },
      series: [
        {},
        { label: 'Allocation', stroke: theme.ok, width: 2 },
        { label: 'Consumed', stroke: theme.accent, width: 2 },
        { label: 'Projection', stroke: theme.danger, width: 2, dash: [6, 4] },
      ],
    };
    const data: uPlot.AlignedData = [
      series.days.map(dateToSeconds),
      series.allocation,
      series.consumed,
      series.projection,
    ];
    return { options, data };
  }, [series, theme]);

  return (
    <figure className="an-figure" aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`}>
        Credit consumption: allocation vs cumulative consumption per bucket, and the active
        bucket&apos;s projection
      </figcaption>
      {series.days.length > 0 && (
        <UplotChart options={plot.options} data={plot.data} theme={theme} />
      )}
      <details>
        <summary>Chart data as a table</summary>
        <table className="an-data-table">
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Allocation</th>
              <th scope="col">Consumed</th>
              <th scope="col">Projection</th>
            </tr>
          </thead>
          <tbody>
            {series.days.map((d, i) => (
              <tr key={d}>
                <th scope="row">{d}</th>
                {[series.allocation[i], series.consumed[i], series.projection[i]].map((v, k) => (
                  <td key={k} className="an-num">
                    {v == null ? '' : nf.format(v)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
