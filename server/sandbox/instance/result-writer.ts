/** Serializing an execution result and writing it out: whole, or streamed with backpressure. */
import type { ServerResponse } from 'node:http';
import type { ExecutionResult } from 'graphql';
import { gophersMessage } from './error-texts.ts';
import { stringifyWithSplices, type Splice } from './fast-results.ts';

export function writeJson(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function writePlain(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' });
  res.end(message.endsWith('\n') ? message : message + '\n');
}

/** Serializes an execution result with `errors` before `data` (graph-gophers' field order). */
export function serializeResult(
  result: ExecutionResult,
  splices: Splice[] = [],
): string | (string | Splice)[] {
  const out: Record<string, unknown> = {};
  if (result.errors?.length)
    out.errors = result.errors.map((e) => ({ ...e.toJSON(), message: gophersMessage(e.message) }));
  // Execution ran: `data` is present, null when a non-null field's error propagated to the top.
  if (result.data !== undefined) out.data = result.data;
  if (splices.length && result.data) {
    return stringifyWithSplices(
      out,
      splices.map((sp) => ({ ...sp, path: ['data', ...sp.path] })),
    );
  }
  return JSON.stringify(out);
}

/** Streams the parts of a big result; resolves false when the client went away midway. */
export async function writeParts(
  res: ServerResponse,
  parts: (string | Splice)[],
): Promise<boolean> {
  res.writeHead(200, { 'Content-Type': 'application/json' });
  try {
    for (const part of parts) {
      if (typeof part === 'string') await emit(res, part);
      else await part.render((chunk) => emit(res, chunk));
    }
  } catch (err) {
    if (err instanceof ClientGone) return false;
    throw err;
  }
  return true;
}

/** Thrown by {@link emit} once the client has gone: stops rendering the rest. */
class ClientGone extends Error {}

/**
 * Writes a chunk and waits for the socket to take it. A client that goes away never drains:
 * `close` ends the wait too, so the handler (and the result it holds) is released.
 */
async function emit(res: ServerResponse, chunk: string | Buffer): Promise<void> {
  if (res.destroyed) throw new ClientGone();
  if (res.write(chunk)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
  if (res.destroyed) throw new ClientGone();
}
