/**
 * `POST /.auth/idp/oauth/token`: the refresh-token grant (form-encoded), answering like an OAuth 2
 * server: `{"access_token","token_type":"Bearer","expires_in","refresh_token","scope":"user:all"}`,
 * or `{"error","error_description"}` with 400/401. Refresh tokens are one-time use.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenStore } from './auth.ts';

const MAX_FORM_BYTES = 64 * 1024;

function send(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    Pragma: 'no-cache',
  });
  res.end(body);
}

function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  send(res, status, { error, error_description: description });
}

function readForm(req: IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_FORM_BYTES) chunks.push(c);
    });
    req.on('end', () =>
      resolve(size > MAX_FORM_BYTES ? null : Buffer.concat(chunks).toString('utf8')),
    );
    req.on('error', reject);
  });
}

function basicClientId(header: string | undefined): string | undefined {
  if (!header?.startsWith('Basic ')) return undefined;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const id = decoded.split(':')[0] ?? '';
  try {
    return decodeURIComponent(id) || undefined;
  } catch {
    return id || undefined;
  }
}

/** Handles the token endpoint. */
export async function serveOAuthToken(
  req: IncomingMessage,
  res: ServerResponse,
  store: TokenStore,
): Promise<void> {
  const text = await readForm(req);
  if (text === null) {
    oauthError(res, 400, 'invalid_request', 'The request body is larger than 64 KiB.');
    return;
  }
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    oauthError(
      res,
      400,
      'invalid_request',
      'Send the parameters form-encoded (Content-Type: application/x-www-form-urlencoded).',
    );
    return;
  }
  const form = new URLSearchParams(text);
  const grant = form.get('grant_type');
  if (!grant) {
    oauthError(res, 400, 'invalid_request', 'Missing grant_type; use grant_type=refresh_token.');
    return;
  }
  if (grant !== 'refresh_token') {
    oauthError(
      res,
      400,
      'unsupported_grant_type',
      `The sandbox supports grant_type=refresh_token only, not ${JSON.stringify(grant)}.`,
    );
    return;
  }
  const refresh = form.get('refresh_token');
  if (!refresh) {
    oauthError(res, 400, 'invalid_request', 'Missing refresh_token.');
    return;
  }
  const clientId = form.get('client_id') ?? basicClientId(req.headers.authorization);
  const r = store.exchangeRefresh(refresh, clientId ?? undefined);
  if (r === 'invalid_client') {
    oauthError(res, 401, 'invalid_client', 'The client_id does not match the refresh token.');
    return;
  }
  if (r === 'invalid_grant') {
    oauthError(
      res,
      400,
      'invalid_grant',
      'The refresh token is unknown or was already used (refresh tokens are one-time use).',
    );
    return;
  }
  send(res, 200, {
    access_token: r.access_token,
    token_type: 'Bearer',
    expires_in: r.expires_in,
    refresh_token: r.refresh_token,
    scope: 'user:all',
  });
}
