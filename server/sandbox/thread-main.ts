/**
 * The sandbox's worker thread (started by thread.ts through thread-entry.mjs): starts the
 * instance and analytics servers with the options it was given, reports `ready` with their
 * info or `failed` with the reason, and closes them when asked.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { installLastResortGuard } from '../last-resort.ts';
import { startSandbox } from './index.ts';
import type { FromSandboxThread, ToSandboxThread } from './thread.ts';
import type { SandboxOptions } from './types.ts';

const port = parentPort;
if (!port) throw new Error('thread-main.ts runs only as the sandbox worker (thread.ts).');

function send(message: FromSandboxThread): void {
  port?.postMessage(message);
}

// As on the main thread (main.ts): one bad request must not end the sandbox.
installLastResortGuard();

startSandbox(workerData as SandboxOptions).then(
  (sandbox) => {
    port.on('message', (message: ToSandboxThread) => {
      if (message.type !== 'close') return;
      sandbox.close().then(
        () => send({ type: 'closed' }),
        () => send({ type: 'closed' }),
      );
    });
    send({ type: 'ready', info: sandbox.info });
  },
  (err: unknown) => {
    const e = err as NodeJS.ErrnoException;
    send({
      type: 'failed',
      message: e instanceof Error ? e.message : String(e),
      code: typeof e?.code === 'string' ? e.code : undefined,
    });
  },
);
