import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { ChartTheme } from '../hooks/use-chart-theme.ts';

interface Props {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  /** Axis text and grid colours (uPlot draws black axes on its canvas otherwise). */
  theme: ChartTheme;
  height?: number;
}

/**
 * Room for the y axis's longest label: uPlot's fixed 50 px cut `10,000` to `0,000`. Measured
 * in the axis font (12 px) on the plot's own canvas; ticks and gap add 15 px.
 */
function yAxisSize(u: uPlot, values: string[] | null): number {
  const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  const ctx = u.ctx;
  const font = ctx.font;
  ctx.font = '12px system-ui, sans-serif';
  const width = ctx.measureText(longest).width;
  ctx.font = font;
  return Math.max(40, Math.ceil(width) + 22);
}

/**
 * A uPlot canvas sized to its container; rebuilt when options or theme change, redrawn with the
 * new numbers when only the data changes (building a plot measures its container: a layout).
 */
export function UplotChart({ options, data, theme, height = 260 }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const latest = useRef(data);
  /** The data the plot shows. */
  const drawn = useRef<uPlot.AlignedData | null>(null);
  useLayoutEffect(() => {
    latest.current = data;
  });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const line = { stroke: theme.grid, width: 1 };
    const axes = (options.axes ?? [{}, {}]).map((a, i) => ({
      ...(i === 1 ? { size: yAxisSize } : {}),
      ...a,
      stroke: theme.text,
      grid: { ...line, ...a.grid, stroke: theme.grid },
      ticks: { ...line, ...a.ticks, stroke: theme.grid },
    }));
    const width = () => Math.max(280, Math.floor(el.clientWidth || 600));
    const plot = new uPlot({ ...options, axes, width: width(), height }, latest.current, el);
    plotRef.current = plot;
    drawn.current = latest.current;
    const ro = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
      plotRef.current = null;
    };
  }, [options, height, theme]);
  useEffect(() => {
    const plot = plotRef.current;
    if (!plot || drawn.current === data) return;
    plot.setData(data);
    drawn.current = data;
  }, [data]);
  return <div ref={ref} className="an-chart" aria-hidden="true" />;
}
