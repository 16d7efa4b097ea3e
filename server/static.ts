import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendText } from './http-util.ts';

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
};

/** Client-side routes that serve index.html. */
const APP_ROUTES = new Set(['/debug/console', '/analytics']);

/**
 * Serves the built app from `distDir`. Hashed assets are cached for a year; index.html is not.
 * Returns false when the path is not ours so the caller can answer 404.
 */
export async function serveStatic(
  distDir: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  let file: string;
  if (APP_ROUTES.has(pathname.replace(/\/$/, ''))) file = join(distDir, 'index.html');
  else {
    const rel = normalize(pathname).replace(/^([/\\])+/, '');
    if (rel.startsWith('..') || rel.includes(`${sep}..`)) return false;
    file = join(distDir, rel);
  }
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const isHashed = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    'Content-Length': info.size,
    'Cache-Control': isHashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
  return true;
}

export function notFound(res: ServerResponse): void {
  sendText(res, 404, 'Not found.');
}
