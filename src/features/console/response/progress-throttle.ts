/**
 * Shows the latest of a stream of values (the response text while it arrives) on an animation
 * frame, at most once every `interval` ms: each showing costs the page a React render and a
 * CodeMirror update with its layout, which at every frame made the largest part of the main
 * thread's work on a big response, while ten showings a second look as live.
 */
export interface Clock {
  now(): number;
  /** Runs `cb` on the next animation frame; returns a function that cancels it. */
  frame(cb: () => void): () => void;
  /** Runs `cb` after `ms`; returns a function that cancels it. */
  after(ms: number, cb: () => void): () => void;
}

const pageClock: Clock = {
  now: () => performance.now(),
  frame(cb) {
    const id = requestAnimationFrame(cb);
    return () => cancelAnimationFrame(id);
  },
  after(ms, cb) {
    const id = setTimeout(cb, ms);
    return () => clearTimeout(id);
  },
};

export class ProgressThrottle<T> {
  /** A value pushed since the last showing. */
  private latest: { value: T } | undefined;
  private shownAt = -Infinity;
  private stop: (() => void) | undefined;
  private cancelled = false;

  constructor(
    private readonly show: (value: T) => void,
    private readonly interval = 100,
    private readonly clock: Clock = pageClock,
  ) {}

  push(value: T): void {
    this.latest = { value };
    if (this.cancelled || this.stop) return;
    const wait = this.shownAt + this.interval - this.clock.now();
    if (wait <= 0) this.stop = this.clock.frame(() => this.onFrame());
    else
      this.stop = this.clock.after(wait, () => {
        this.stop = this.clock.frame(() => this.onFrame());
      });
  }

  /** Shows nothing more (the run settled or was stopped). */
  cancel(): void {
    this.cancelled = true;
    this.stop?.();
    this.stop = undefined;
    this.latest = undefined;
  }

  private onFrame(): void {
    this.stop = undefined;
    this.shownAt = this.clock.now();
    const latest = this.latest;
    if (!latest) return;
    this.latest = undefined;
    this.show(latest.value);
  }
}
