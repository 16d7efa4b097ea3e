/** Reading a GraphQL request body: size limit (with drain, so the client sees the 413) and gzip. */
import type { IncomingMessage } from 'node:http';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';

const gunzipAsync = promisify(gunzip);

/** Largest request body accepted (after gzip decompression). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
/** Bodies up to this size are drained before the 413, so the client sees the answer. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

type Body = Buffer | 'too-large' | 'bad-gzip';

function readLimited(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > DRAIN_LIMIT) {
        resolve('too-large');
        req.destroy();
      }
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function readRequestBody(req: IncomingMessage): Promise<Body> {
  const raw = await readLimited(req);
  if (raw === 'too-large') return raw;
  if ((req.headers['content-encoding'] ?? '').toLowerCase() !== 'gzip') return raw;
  try {
    return await gunzipAsync(raw, { maxOutputLength: MAX_BODY_BYTES });
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ||
      err instanceof RangeError
      ? 'too-large'
      : 'bad-gzip';
  }
}
