/**
 * The report worker's pause after it has sent the first rows: on this class of machine (two
 * cores, the report's server often on one of them) a worker that parses on takes the core the
 * page needs to build its first screen of rows, and the page's tasks stretch 2–4×. The worker
 * waits until the page says the first screen is drawn (`open`), or `maxMs` at most (a hidden
 * tab draws no frames), then goes on; the network keeps filling its buffers meanwhile.
 */
export class FirstScreenGate {
  private opened = false;
  private release: (() => void) | undefined;

  /** The page has drawn its first screen: a waiting `wait` resolves, later ones at once. */
  open(): void {
    this.opened = true;
    this.release?.();
  }

  /** Resolves when `open` is called, or after `maxMs`. */
  wait(maxMs: number): Promise<void> {
    if (this.opened) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.release = done;
    });
  }
}
