import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestUrl, sendText } from './http-util.ts';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.map': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

/** Types worth compressing (text); images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt']);
/** Files below this size go out as they are. */
const MIN_COMPRESS = 512;

/** Client-side routes that serve index.html. */
const APP_ROUTES = new Set(['/debug/console', '/analytics']);

interface Encoded {
  key: string;
  br: Buffer;
  gzip: Buffer;
}

/** Compressed variants per absolute file path, keyed by size and mtime so rebuilds are noticed. */
const cache = new Map<string, Promise<Encoded>>();

function encode(file: string, key: string): Promise<Encoded> {
  const hit = cache.get(file);
  if (hit) return hit.then((e) => (e.key === key ? e : encodeFresh(file, key)));
  return encodeFresh(file, key);
}

/**
 * Brotli quality 5 and gzip 9: both are quick on a bundle and land close to the best ratio;
 * brotli 11 is far slower and would stall the first visitor or every test server start.
 */
function encodeFresh(file: string, key: string): Promise<Encoded> {
  const work = readFile(file).then(async (raw) => ({
    key,
    br: await brotliAsync(raw, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: 5,
        [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
    gzip: await gzipAsync(raw, { level: 9 }),
  }));
  cache.set(file, work);
  work.catch(() => cache.delete(file));
  return work;
}

/**
 * Compresses the built app's text assets in the background (brotli 5 and gzip 9, once), so
 * the first visitor already gets small responses. Source maps are served as they are.
 */
export async function warmStatic(distDir: string): Promise<void> {
  const root = resolve(distDir);
  let names: string[];
  try {
    names = (await readdir(root, { recursive: true })) as string[];
  } catch {
    return;
  }
  for (const name of names) {
    if (!COMPRESSIBLE.has(extname(name))) continue;
    const file = join(root, name);
    try {
      const info = await stat(file);
      if (info.isFile() && info.size >= MIN_COMPRESS)
        await encode(file, `${info.size}:${info.mtimeMs}`);
    } catch {
      // removed meanwhile: served as missing later
    }
  }
}

function pickEncoding(req: IncomingMessage): 'br' | 'gzip' | null {
  const accept = String(req.headers['accept-encoding'] ?? '').toLowerCase();
  const accepts = (name: string) =>
    accept.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';');
      if (token?.trim() !== name) return false;
      const q = params.find((p) => p.trim().startsWith('q='));
      return !q || Number(q.trim().slice(2)) > 0;
    });
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Maps a request path to a file inside `root`, or null for anything outside it. */
function resolveFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  if (APP_ROUTES.has(decoded.replace(/\/$/, ''))) return join(root, 'index.html');
  const file = resolve(root, '.' + decoded);
  const rel = relative(root, file);
  if (rel === '' || rel.startsWith('..') || rel.split(sep).includes('..')) return null;
  // Nothing hidden: the build's `.vite/manifest.json` is for the server (page-preloads.ts).
  if (rel.split(sep).some((part) => part.startsWith('.'))) return null;
  return file;
}

/**
 * Serves the built app from `distDir`: the SPA routes get index.html, hashed assets are cached
 * for a year, text assets go out brotli- or gzip-compressed. Paths outside `distDir` are
 * refused. Returns false when the path is not ours so the caller can answer 404.
 */
export async function serveStatic(
  distDir: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const root = resolve(distDir);
  const file = resolveFile(root, requestUrl(req).pathname);
  if (!file) return false;
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const ext = extname(file);
  const isHashed = relative(root, file).startsWith(`assets${sep}`);
  const etag = `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
  res.setHeader('Cache-Control', isHashed ? 'public, max-age=31536000, immutable' : 'no-cache');
  res.setHeader('ETag', etag);
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304);
    res.end();
    return true;
  }
  const compressible = COMPRESSIBLE.has(ext) && info.size >= MIN_COMPRESS;
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  const encoding = compressible ? pickEncoding(req) : null;
  if (encoding) {
    let body: Buffer;
    try {
      body = (await encode(file, `${info.size}:${info.mtimeMs}`))[encoding];
    } catch {
      return false;
    }
    res.writeHead(200, { 'Content-Encoding': encoding, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  }
  res.writeHead(200, { 'Content-Length': info.size });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}

/** Plain-text 404 for paths that are neither app routes, files, nor server routes. */
export function notFound(res: ServerResponse): void {
  sendText(res, 404, 'Not found.');
}
