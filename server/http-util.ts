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
 * only: the caller checks the declared length first.
 */
export function readBody(req: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const done = (body: Buffer | null) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onGone);
      req.off('close', onGone);
      resolve(body);
    };
    const onData = (chunk: Buffer) => chunks.push(chunk);
    const onEnd = () => done(Buffer.concat(chunks));
    const onGone = () => done(null);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onGone);
    req.on('close', onGone);
  });
}
