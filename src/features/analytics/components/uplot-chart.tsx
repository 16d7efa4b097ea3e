import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface Props {
  options: Omit<uPlot.Options, 'width' | 'height'>;
  data: uPlot.AlignedData;
  height?: number;
}

/** A uPlot canvas sized to its container; rebuilt when options or data change. */
export function UplotChart({ options, data, height = 260 }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const width = () => Math.max(280, Math.floor(el.clientWidth || 600));
    const plot = new uPlot({ ...options, width: width(), height }, data, el);
    const ro = new ResizeObserver(() => plot.setSize({ width: width(), height }));
    ro.observe(el);
    return () => {
      ro.disconnect();
      plot.destroy();
    };
  }, [options, data, height]);
  return <div ref={ref} className="an-chart" aria-hidden="true" />;
}
