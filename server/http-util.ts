import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:http';

export type Handler = (req: IncomingMessage, res: ServerResponse) => void | Promise<void>;

/**
 * The request's URL, parsed without ever throwing: `GET //` or `GET //host/x` would make
 * `new URL(path, base)` read a host name from the path, or throw.
 */
export function requestUrl(req: IncomingMessage): URL {
  const raw = req.url ?? '/';
  try {
    return new URL(`http://request.invalid${raw.startsWith('/') ? '' : '/'}${raw}`);
  } catch {
    return new URL('http://request.invalid/');
  }
}

/** Sends a plain-text body the way Go's `http.Error` does: message + newline, nosniff. */
export function sendText(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(message.endsWith('\n') || message === '' ? message : message + '\n');
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    ...headers,
  });
  res.end(body);
}

/** Starts an HTTP server on host:port and resolves once it listens. */
export function listen(handler: Handler, host: string, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer((req, res) => {
      Promise.resolve(handler(req, res)).catch((err: unknown) => {
        console.error('request failed:', err instanceof Error ? err.message : String(err));
        if (!res.headersSent) sendText(res, 500, 'Internal server error.');
        else res.destroy();
      });
    });
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections?.();
    server.close(() => resolve());
  });
}

/**
 * Reads a request body whole; null when the client goes away before it ends. For small bodies
 * only: the caller checks the declared length first. (Inline listeners, no named closures: tsx
 * keeps names with a `defineProperty` per closure, on every request.)
 */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The first of these settles the promise; a later one (`close` after `end`) changes nothing.
    req.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    req.once('error', () => resolve(null));
    req.once('close', () => resolve(null));
  });
}
