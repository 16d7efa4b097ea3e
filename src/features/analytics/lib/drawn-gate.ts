/**
 * A pause of the report worker until the page says it has drawn what the worker sent. On this
 * class of machine (two cores, the report's server often on one of them) a worker that parses on
 * takes the core the page needs to draw, and the page's tasks stretch: a layout or paint of 1–3 ms
 * of CPU took 15–40 ms of wall time while rows arrived. The worker waits after its first rows
 * until the page's first screen of rows is drawn, and after each later progress until the page
 * has rendered and painted it, `maxMs` at most (a hidden tab draws no frames); the network keeps
 * filling its buffers meanwhile. One gate per wait.
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
