/**
 * Writes lines to an HTTP response in ~64 KiB chunks, honouring backpressure: when `write()`
 * returns false it waits for `'drain'` (or for the client to go away) before generating more.
 * Only one chunk is ever held in memory.
 */
import type { ServerResponse } from 'node:http';
import { setImmediate as tick } from 'node:timers/promises';

const CHUNK_CHARS = 64 * 1024;
/** Give other requests a turn at least this often, even when the client reads fast. */
const ITEMS_PER_TICK = 4096;

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

/**
 * Streams `lines` to `res` and ends it. Stops early (without throwing) when the client disconnects.
 * Returns the number of non-empty lines written.
 */
export async function pumpLines(res: ServerResponse, lines: Iterable<string>): Promise<number> {
  let closed = false;
  res.once('close', () => (closed = true));
  const gone = () => closed || res.destroyed;
  let buf = '';
  let written = 0;
  let sinceTick = 0;
  for (const line of lines) {
    if (line) {
      buf += line;
      written++;
    }
    if (buf.length >= CHUNK_CHARS) {
      if (gone()) return written;
      const ok = res.write(buf);
      buf = '';
      if (!ok) await drainOrClose(res);
      sinceTick = 0;
      if (gone()) return written;
    } else if (++sinceTick >= ITEMS_PER_TICK) {
      sinceTick = 0;
      await tick();
      if (gone()) return written;
    }
  }
  if (!gone()) res.end(buf);
  return written;
}
