/**
 * Applies only the latest of values that arrive faster than frames are drawn: the first value
 * schedules a run (by default on the next animation frame), later ones replace it until then.
 * Report progress uses it so a backlog of messages costs one render, not one each.
 */
export interface LatestPerFrame<T> {
  push(value: T): void;
  /** Drops the value waiting to be applied (a newer state replaced it). */
  cancel(): void;
}

export function latestPerFrame<T>(
  apply: (value: T) => void,
  schedule: (run: () => void) => void = (run) => void requestAnimationFrame(run),
): LatestPerFrame<T> {
  let pending: { value: T } | undefined;
  let scheduled = false;
  const run = () => {
    scheduled = false;
    const p = pending;
    pending = undefined;
    if (p) apply(p.value);
  };
  return {
    push(value) {
      pending = { value };
      if (scheduled) return;
      scheduled = true;
      schedule(run);
    },
    cancel() {
      pending = undefined;
    },
  };
}
