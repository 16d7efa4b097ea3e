import { useId, useMemo, type ReactNode } from 'react';
import type uPlot from 'uplot';
import { useChartTheme, type ChartTheme } from '../hooks/use-chart-theme.ts';
import type { ChartData } from '../lib/chart-data.ts';
import { dateToSeconds } from '../lib/chart-series.ts';
import { periodStart } from '../lib/periods.ts';
import { OTHER } from '../lib/summarize.ts';
import { barRects } from '../lib/bar-rects.ts';
import { UplotChart } from './uplot-chart.tsx';
import { formatValue } from '../lib/format-value.ts';

const cellText = (v: number | null | undefined) => (v == null ? '' : formatValue(v));

interface Props {
  /** Accessible name and visible caption of the figure. */
  caption: string;
  /** Header of the x column in the data table. */
  xLabel: string;
  /** Name of the value (used when there is one series). */
  valueLabel: string;
  data: ChartData | undefined;
  /** Controls shown under the caption. */
  children?: ReactNode;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText?: string;
}

/** `#rrggbb` with an alpha, as canvas accepts it; other colours unchanged. */
function withAlpha(color: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  const [, r, g, b] = m ?? [];
  if (r === undefined || g === undefined || b === undefined) return color;
  return `rgba(${parseInt(r, 16)},${parseInt(g, 16)},${parseInt(b, 16)},${alpha})`;
}

/**
 * Bars 80 % of a column wide (40 px at most), each filled and outlined as a rectangle of its own
 * (`lib/bar-rects.ts` says why); the builder draws them itself and gives uPlot no path.
 */
function rectBars(stroke: string, fill: string): uPlot.Series.PathBuilder {
  return (u, si, i0, i1) => {
    const scale = u.series[si]?.scale ?? 'y';
    const xs: number[] = [];
    const ys: (number | null)[] = [];
    const values = u.data[si] ?? [];
    for (let i = i0; i <= i1; i++) {
      xs.push(u.valToPos(u.data[0][i] ?? 0, 'x', true));
      const v = values[i];
      ys.push(v == null ? null : u.valToPos(v, scale, true));
    }
    const { left, top, width, height } = u.bbox;
    const base = Math.min(top + height, Math.max(top, u.valToPos(0, scale, true)));
    const rects = barRects(xs, ys, base, { share: 0.8, maxWidth: 40 * devicePixelRatio });
    const ctx = u.ctx;
    ctx.save();
    ctx.beginPath();
    ctx.rect(left, top, width, height);
    ctx.clip();
    ctx.fillStyle = fill;
    ctx.strokeStyle = stroke;
    ctx.lineWidth = devicePixelRatio;
    for (const [x, y, w, h] of rects) {
      ctx.fillRect(x, y, w, h);
      // An outline only where the bar is wide enough to show it (as uPlot's own bars).
      if (w > 2 * ctx.lineWidth) ctx.strokeRect(x + 0.5, y + 0.5, w - 1, Math.max(0, h - 1));
    }
    ctx.restore();
    return null;
  };
}

/** How a period key is written in the data table: weeks with their Monday. */
function xText(key: string, time: boolean): string {
  if (!key) return '(empty)';
  return time && key.includes('-W') ? `${key} (from ${periodStart(key)})` : key;
}

/** What the chart's uPlot options are built from. */
interface Shape {
  time: boolean;
  /** Labels of a non-time x axis (none for dates). */
  x: string[];
  points: boolean;
  series: { name: string; other: boolean }[];
}

/** uPlot options for a chart of this shape: bars for one series, lines for several. */
function chartOptions(shape: Shape, theme: ChartTheme): Omit<uPlot.Options, 'width' | 'height'> {
  const single = shape.series.length === 1;
  return {
    scales: { x: { time: shape.time } },
    axes: shape.time
      ? [{}, {}]
      : [{ values: (_u, splits) => splits.map((s) => shape.x[s] ?? '') }, {}],
    legend: { show: true },
    series: [
      {},
      ...shape.series.map((s, i) => {
        const color = s.other
          ? theme.other
          : (theme.palette[i % theme.palette.length] ?? theme.accent);
        return single
          ? {
              label: s.name,
              stroke: color,
              fill: withAlpha(color, 0.45),
              width: 0,
              paths: rectBars(color, withAlpha(color, 0.45)),
              points: { show: false },
            }
          : { label: s.name, stroke: color, width: 2, points: { show: shape.points } };
      }),
    ],
  };
}

/**
 * A figure with a uPlot chart of one or more series (bars for one, lines for several), in the
 * theme's colours, and the same numbers as a table ("Chart data as a table").
 */
export function SeriesChart({ caption, xLabel, valueLabel, data, children, emptyText }: Props) {
  const id = useId();
  const theme = useChartTheme();
  const names = useMemo(
    () => data?.series.map((s) => (s.label === '' ? valueLabel : s.label || '(empty)')) ?? [],
    [data, valueLabel],
  );
  // The options depend on the chart's shape only (series, labels, kind of x): new numbers of the
  // same shape redraw the existing plot (uPlot's setData) instead of building a new one.
  const shapeKey = data
    ? JSON.stringify({
        time: data.time,
        x: data.time ? [] : data.x,
        points: data.x.length < 60,
        series: data.series.map((s, i) => ({
          name: names[i] ?? s.label,
          other: s.label === OTHER,
        })),
      })
    : '';
  const options = useMemo(
    () => (shapeKey ? chartOptions(JSON.parse(shapeKey) as Shape, theme) : undefined),
    [shapeKey, theme],
  );
  const plotData = useMemo(() => {
    if (!data || data.x.length === 0 || data.series.length === 0) return undefined;
    const xs = data.time
      ? data.x.map((k) => dateToSeconds(periodStart(k)))
      : data.x.map((_, i) => i);
    return [xs, ...data.series.map((s) => s.values)] as uPlot.AlignedData;
  }, [data]);
  const plot = options && plotData ? { options, data: plotData } : undefined;

  return (
    <figure className="an-figure" aria-labelledby={`${id}-cap`}>
      <figcaption id={`${id}-cap`}>{caption}</figcaption>
      {children}
      {plot ? (
        <UplotChart options={plot.options} data={plot.data} theme={theme} />
      ) : data ? (
        <p className="an-hint">{emptyText ?? 'Nothing to chart for these rows.'}</p>
      ) : (
        // The chart's place while its numbers are computed: what is below does not jump.
        <div className="an-chart an-chart-wait" aria-hidden="true" />
      )}
      {data && data.x.length > 0 && (
        <details>
          <summary>Chart data as a table</summary>
          <table className="an-data-table">
            <caption className="an-sr">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">{xLabel}</th>
                {names.map((n, i) => (
                  <th key={i} scope="col">
                    {n}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.x.map((k, r) => (
                <tr key={k + r}>
                  <th scope="row">{xText(k, data.time)}</th>
                  {data.series.map((s, i) => (
                    <td key={i} className="an-num">
                      {cellText(s.values[r])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </figure>
  );
}
