import { useEffect, useRef } from 'react';
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

/** A uPlot canvas sized to its container; rebuilt when options, data or theme change. */
export function UplotChart({ options, data, theme, height = 260 }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const line = { stroke: theme.grid, width: 1 };
    const axes = (options.axes ?? [{}, {}]).map((a) => ({
      ...a,
      stroke: theme.text,
      grid: { ...line, ...a.grid, stroke: theme.grid },
      ticks: { ...line, ...a.ticks, stroke: theme.grid },
    }));
    const width = () => Math.max(280, Math.floor(el.clientWidth || 600));
    const plot = new uPlot({ ...options, axes, width: width(), height }, data, el);
    const ro = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [options, data, height, theme]);
  return <div ref={ref} className="an-chart" aria-hidden="true" />;
}
