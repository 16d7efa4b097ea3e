/**
 * Runs `run` in a task after the next frame is painted (a requestAnimationFrame callback runs
 * just before that frame's style, layout and paint; a task posted from it runs after them).
 * Returns a cancel function. What makes the report worker busy (parsing on, a chart over every
 * row) starts there, so the frame it follows has the CPU (`drawn-gate.ts`).
 */
export function afterNextPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => (timer = setTimeout(run, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
