/**
 * Resolves once the page has painted the current frame: a requestAnimationFrame callback runs
 * just before the paint, and a task posted from it runs after. What an editor does not need to
 * accept text (its language, the Variables and Headers editors) starts here, so it neither
 * delays the first paint nor waits for an idle period that a busy page may not have.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
