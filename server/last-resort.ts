/**
 * The last-resort guard of `npm start`: an error no handler caught is logged and the server
 * keeps serving (one bad request must not end the console, the relay and the sandbox).
 */

/**
 * A log line for an unexpected error: its kind, code and stack frames, never its message, which
 * may quote a header value, a URL or a body (and with them a token).
 */
export function describeUnexpected(err: unknown): string {
  if (!(err instanceof Error)) return `Unexpected ${typeof err} thrown (kept serving).`;
  const code = (err as NodeJS.ErrnoException).code;
  const frames = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8);
  return [`Unexpected ${err.name}${code ? ` [${code}]` : ''} (kept serving):`, ...frames].join(
    '\n',
  );
}

/** Installs the guard for uncaught exceptions and unhandled rejections; returns its removal. */
export function installLastResortGuard(log: (line: string) => void = console.error): () => void {
  const onError = (err: unknown) => log(describeUnexpected(err));
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);
  return () => {
    process.off('uncaughtException', onError);
    process.off('unhandledRejection', onError);
  };
}
