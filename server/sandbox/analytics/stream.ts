/**
 * Writes lines to an HTTP response in chunks, honouring backpressure: when `write()` returns false
 * it waits for `'drain'` (or for the client to go away) before generating more. Only one chunk is
 * ever held in memory.
 *
 * The sandbox shares its process (and event loop) with the app server and the relay, so the pump
 * also yields to the event loop after every chunk: a local socket often accepts writes
 * synchronously and 'drain' then comes from process.nextTick, so without an explicit yield the
 * generator would run until the kernel buffers fill while the relay in the same process could not
 * forward a single byte.
 */
import type { ServerResponse } from 'node:http';
import { setImmediate as tick } from 'node:timers/promises';

/** The first chunk is small so the first rows leave quickly; later ones are larger. */
const FIRST_CHUNK_CHARS = 16 * 1024;
const CHUNK_CHARS = 64 * 1024;
/** Between chunks, look at the clock every this many lines (and at every heartbeat)… */
const ITEMS_PER_CHECK = 1024;
/** …and give other requests (the relay in this process) a turn when this long has passed. */
const YIELD_AFTER_MS = 10;
/** Pending lines are flushed at a heartbeat (`''`) after this long, so slow reports show progress. */
const FLUSH_AFTER_MS = 50;

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

const LF = 10;

function countLines(chunk: Uint8Array): number {
  let n = 0;
  for (let i = chunk.indexOf(LF); i !== -1; i = chunk.indexOf(LF, i + 1)) n++;
  return n;
}

/**
 * Streams `lines` to `res` and ends it. An item may also be a chunk of whole lines as bytes
 * (`report-bytes.ts`), written as it is. An empty string is a heartbeat from a generator doing
 * heavy work between lines. Stops early (without throwing) when the client disconnects.
 * Returns the number of non-empty lines written (of a chunk of bytes: its line feeds).
 */
export async function pumpLines(
  res: ServerResponse,
  lines: Iterable<string | Uint8Array>,
): Promise<number> {
  let closed = false;
  res.once('close', () => (closed = true));
  const gone = () => closed || res.destroyed;
  let buf = '';
  let written = 0;
  let sinceCheck = 0;
  let threshold = FIRST_CHUNK_CHARS;
  let lastFlush = performance.now();
  let lastYield = lastFlush;
  for (const line of lines) {
    // A chunk of whole lines as bytes goes out at once, after what is pending.
    const bytes = typeof line === 'string' ? undefined : line;
    if (typeof line === 'string' && line) {
      buf += line;
      written++;
    }
    const due =
      bytes !== undefined ||
      buf.length >= threshold ||
      (line === '' && buf !== '' && performance.now() - lastFlush >= FLUSH_AFTER_MS);
    if (due) {
      if (gone()) return written;
      let ok = true;
      if (buf) ok = res.write(buf);
      buf = '';
      if (bytes) {
        ok = res.write(bytes);
        written += countLines(bytes);
      }
      threshold = CHUNK_CHARS;
      if (!ok) await drainOrClose(res);
      // 'drain' after a synchronous socket write arrives via process.nextTick, i.e. without a
      // trip through the event loop: yield explicitly so other sockets get read.
      await tick();
      lastFlush = lastYield = performance.now();
      sinceCheck = 0;
      if (gone()) return written;
    } else if (line === '' || ++sinceCheck >= ITEMS_PER_CHECK) {
      sinceCheck = 0;
      if (performance.now() - lastYield >= YIELD_AFTER_MS) {
        await tick();
        lastYield = performance.now();
        if (gone()) return written;
      }
    }
  }
  if (!gone()) res.end(buf);
  return written;
}
