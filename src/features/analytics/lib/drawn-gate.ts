/**
 * A pause of the report worker until the page says it has drawn what the worker sent, `maxMs`
 * at most (a hidden tab draws no frames). On two cores a worker that parses on takes the core
 * the page needs to lay out and paint, so the first rows would show later and the page's tasks
 * would run longer; the network keeps filling its buffers meanwhile. The worker waits after its
 * first rows until the table's first screen is painted, and after each later progress until
 * the page has rendered and painted it. One gate per wait.
 */
export class DrawnGate {
  private opened = false;
  private release: (() => void) | undefined;

  /** The page has drawn it: a waiting `wait` resolves, later ones at once. */
  open(): void {
    this.opened = true;
    this.release?.();
  }

  /** Resolves with true when `open` is called, or with false after `maxMs`. */
  wait(maxMs: number): Promise<boolean> {
    if (this.opened) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => done(false), maxMs);
      const done = (drawn: boolean) => {
        clearTimeout(timer);
        this.release = undefined;
        resolve(drawn);
      };
      this.release = () => done(true);
    });
  }
}
