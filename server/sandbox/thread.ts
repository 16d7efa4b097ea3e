/**
 * Runs the sandbox (instance + analytics) in a worker thread of its own, so that generating and
 * serializing its answers never takes the thread of the app server and the relay: a request
 * relayed to the sandbox then costs each thread only its own part.
 */
import { Worker } from 'node:worker_threads';
import type { RunningSandbox, SandboxInfo, SandboxOptions } from './types.ts';

export type ToSandboxThread = { type: 'close' };

export type FromSandboxThread =
  | { type: 'ready'; info: SandboxInfo }
  | { type: 'failed'; message: string; code?: string }
  | { type: 'closed' };

/** How long `close()` waits for the thread to close its servers before it ends the thread. */
const CLOSE_GRACE_MS = 5000;

/** An error from the thread with its code (EADDRINUSE, ...) as if thrown here. */
function startError(message: string, code?: string): Error {
  const err: NodeJS.ErrnoException = new Error(message);
  if (code) err.code = code;
  return err;
}

/**
 * Starts the sandbox in a worker thread; resolves once both services listen, rejects with the
 * thread's own error (a port in use, a bad schema file, ...) when it cannot start.
 */
export function startSandboxThread(opts: SandboxOptions): Promise<RunningSandbox> {
  const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url), { workerData: opts });
  let closing: Promise<void> | undefined;

  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
      worker.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      worker.on('message', (message: FromSandboxThread) => {
        if (message.type === 'closed') void worker.terminate();
      });
      worker.postMessage({ type: 'close' } satisfies ToSandboxThread);
    }));

  return new Promise<RunningSandbox>((resolve, reject) => {
    const onMessage = (message: FromSandboxThread) => {
      if (message.type === 'ready') {
        settle();
        worker.on('error', (err) =>
          console.error(`The sandbox stopped: ${err.message}. Restart the server to get it back.`),
        );
        resolve({ info: message.info, close });
      } else if (message.type === 'failed') {
        settle();
        void worker.terminate();
        reject(startError(message.message, message.code));
      }
    };
    const onError = (err: Error) => {
      settle();
      reject(startError(`The sandbox could not start: ${err.message}`));
    };
    const onExit = (code: number) => {
      settle();
      reject(startError(`The sandbox could not start (its thread exited with code ${code}).`));
    };
    const settle = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.once('error', onError);
    worker.once('exit', onExit);
  });
}
