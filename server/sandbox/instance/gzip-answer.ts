/**
 * gzip for the sandbox's whole GraphQL answers, as in front of an instance's API (its responses
 * may be gzip'd: Go's gziphandler compresses bodies from 1,400 bytes for clients that accept
 * gzip). The browser decompresses natively, so a 2.9 MB introspection answer crosses the relay
 * and the browser's network stack as ~0.3 MB. Streamed search results (result-writer.ts
 * `writeParts`) stay uncompressed: compressing 50 MB would put zlib on the same two cores as
 * the console the big-response benchmarks measure.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Bodies below this go uncompressed (gziphandler's DefaultMinSize). */
export const GZIP_MIN_BYTES = 1400;

/** True when the request's Accept-Encoding lists gzip (or `*`) without `q=0`. */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = req.headers['accept-encoding'];
  if (!header) return false;
  let star = false;
  let gz: boolean | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const ok = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === 'gzip') gz = ok;
    else if (name.trim() === '*') star = ok;
  }
  return gz ?? star;
}

/** The gzip form of a whole answer (zlib's default level, off the event loop's thread). */
export function gzipAnswer(text: string): Promise<Buffer> {
  return gzipAsync(text);
}

/**
 * Writes a whole JSON answer: gzip'd when the client accepts it and it is big enough (`gzipped`
 * when the caller already has that form, e.g. from a cache), else as text. Resolves with the
 * gzip'd form when one was made or used, for the caller to keep.
 */
export async function writeJsonAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  text: string,
  gzipped?: Buffer,
): Promise<Buffer | undefined> {
  // Added to what the instance varies on already (index.ts: Cookie, Authorization, ...).
  const vary = res.getHeader('Vary');
  const headers = {
    'Content-Type': 'application/json',
    Vary: vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding',
  };
  if (!acceptsGzip(req) || Buffer.byteLength(text) < GZIP_MIN_BYTES) {
    res.writeHead(200, { ...headers, 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
    return gzipped;
  }
  const body = gzipped ?? (await gzipAnswer(text));
  if (res.destroyed) return body;
  res.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
  res.end(body);
  return body;
}
