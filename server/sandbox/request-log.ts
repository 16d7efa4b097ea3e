import { appendFileSync } from 'node:fs';
import type { Handler } from '../http-util.ts';

/** One request as a sandbox service received it (test-only recording). */
export interface LoggedRequest {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}

/**
 * Test-only request recorder: when `SANDBOX_REQUEST_LOG` names a file, every request a sandbox
 * service receives is appended to it as one JSON line ({@link LoggedRequest}), headers included,
 * so tests can assert which credentials reached which service. Unset (always, outside tests),
 * the handler is returned untouched and nothing is recorded.
 */
export function withRequestLog(service: string, handler: Handler): Handler {
  const file = process.env.SANDBOX_REQUEST_LOG;
  if (!file) return handler;
  return (req, res) => {
    const entry: LoggedRequest = {
      service,
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
    };
    appendFileSync(file, JSON.stringify(entry) + '\n');
    return handler(req, res);
  };
}
