import type { ReactNode } from 'react';
import { Splitter, usePaneSize } from '../../../shared/ui/splitter.tsx';

const WIDTH = { initial: 340, min: 240, max: 760 };

/**
 * The one side panel open at a time (Docs, History or Saved operations), between the rail and
 * the editor, with a splitter to resize it; its width is kept across visits.
 */
export function SidePanel({ children }: { children: ReactNode }) {
  const [width, setWidth, reset] = usePaneSize('side-panel', WIDTH.initial);
  return (
    <>
      <div className="side-panel-slot" style={{ width }}>
        {children}
      </div>
      <Splitter
        label="Resize the side panel"
        orientation="vertical"
        unit="px"
        value={width}
        min={WIDTH.min}
        max={WIDTH.max}
        onChange={setWidth}
        onReset={reset}
      />
    </>
  );
}
