/**
 * Counts from 1 up to `total`, one step per frame: the report page mounts its panels this way,
 * one a frame after the table (`hooks/use-staged-mount.ts`), so no single task builds and lays
 * out the whole page. Returns a function that stops the count.
 */
export function stepPerFrame(
  total: number,
  onStep: (step: number) => void,
  schedule: (run: () => void) => () => void = (run) => {
    const id = requestAnimationFrame(run);
    return () => cancelAnimationFrame(id);
  },
): () => void {
  let step = 0;
  let stopped = false;
  let cancel = () => {};
  const next = () => {
    if (stopped || step >= total) return;
    cancel = schedule(() => {
      if (stopped) return;
      step += 1;
      onStep(step);
      next();
    });
  };
  next();
  return () => {
    stopped = true;
    cancel();
  };
}
