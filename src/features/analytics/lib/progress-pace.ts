/**
 * When the report worker sends progress: the first rows at once (they are what the user waits
 * for), after that at most once per interval. "First" means the first progress holding rows,
 * not the first progress: a first piece holding only the header is reported too, and must not
 * make the first rows wait for the interval.
 */
export class ProgressPace {
  private last = -Infinity;
  private rowsSent = false;

  constructor(private readonly intervalMs: number) {}

  /** True until a progress with rows has been sent. */
  get waitingForRows(): boolean {
    return !this.rowsSent;
  }

  /** Whether to send progress at `now` with `rows` rows parsed; counts it as sent when true. */
  due(now: number, rows: number): boolean {
    const firstRows = !this.rowsSent && rows > 0;
    if (!firstRows && now - this.last < this.intervalMs) return false;
    this.last = now;
    if (rows > 0) this.rowsSent = true;
    return true;
  }
}
