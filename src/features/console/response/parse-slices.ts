/**
 * CodeMirror's background parser (the parse worker of @codemirror/language) works in slices of
 * up to 100 ms when the browser has `navigator.scheduling.isInputPending`, stopping early only
 * for input. While a big response streams in, that is a 100 ms task each time the document
 * grows past what was parsed. This makes the browser's answer "yes" as well once the task that
 * asked has been parsing for SLICE_MS: the parser then yields and goes on in its next idle
 * callback (its parse is incremental, nothing is redone). Other callers only yield sooner.
 */
const SLICE_MS = 8;

interface Scheduling {
  isInputPending(options?: object): boolean;
}

let installed = false;

export function boundParseSlices(): void {
  const scheduling = (navigator as Navigator & { scheduling?: Scheduling }).scheduling;
  if (installed || typeof scheduling?.isInputPending !== 'function') return;
  installed = true;
  const pending = scheduling.isInputPending.bind(scheduling);
  // The first call in a task starts its slice; a microtask, run when the task's synchronous
  // work is over, ends it.
  let sliceStart = -1;
  scheduling.isInputPending = (options?: object) => {
    const now = performance.now();
    if (sliceStart < 0) {
      sliceStart = now;
      queueMicrotask(() => (sliceStart = -1));
    }
    return pending(options) || now - sliceStart > SLICE_MS;
  };
}
