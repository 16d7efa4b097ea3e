import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { RELAY_ERROR_HEADER } from '../src/shared/contracts/relay.ts';
import { sendText } from './http-util.ts';

/** The query parameter of the console URL the banner prints when the gate is on. */
export const ACCESS_PARAM = 'auth';

export interface AccessGate {
  /** The secret made at start; the banner prints it as `?auth=<secret>`. */
  secret: string;
  /**
   * Lets a request through (true) or answers it (false): a valid `?auth=` is exchanged for an
   * HttpOnly, SameSite=Strict cookie and a redirect to the same URL without it; requests without
   * the cookie get 401, a wrong secret 403, each with a text saying how to get in.
   */
  admit(req: IncomingMessage, res: ServerResponse): boolean;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * The access gate for a server listening beyond loopback (HOST=0.0.0.0, ::, a LAN address):
 * nothing answers without the secret it makes here, Jupyter style. Cookies are per host, not
 * per port, so the cookie's name carries the port (two consoles on one machine never mix).
 */
export function createAccessGate(
  port: number,
  secret = randomBytes(24).toString('base64url'),
): AccessGate {
  const expected = digest(secret);
  const cookieName = `debug_console_auth_${port}`;
  const matches = (value: string | undefined) =>
    value !== undefined && timingSafeEqual(digest(value), expected);
  const refuse = (req: IncomingMessage, res: ServerResponse, status: 401 | 403, text: string) => {
    req.resume();
    const isRelay = (req.url ?? '').startsWith('/relay');
    sendText(res, status, text, {
      'Cache-Control': 'no-store',
      ...(isRelay ? { [RELAY_ERROR_HEADER]: '1' } : {}),
    });
  };

  return {
    secret,
    admit(req, res) {
      const url = new URL(`http://x/${(req.url ?? '/').replace(/^\/+/, '')}`);
      const offered = url.searchParams.get(ACCESS_PARAM);
      if (offered !== null) {
        if (!matches(offered)) {
          refuse(
            req,
            res,
            403,
            'This link carries a secret that is not the one this server made at start (a new one ' +
              'is made on every start). Copy the console URL from the output of `npm start` again.',
          );
          return false;
        }
        url.searchParams.delete(ACCESS_PARAM);
        req.resume();
        res.writeHead(303, {
          Location: url.pathname + url.search,
          'Set-Cookie': `${cookieName}=${secret}; HttpOnly; SameSite=Strict; Path=/`,
          'Cache-Control': 'no-store',
          'Content-Length': '0',
        });
        res.end();
        return false;
      }
      if (matches(cookieValue(req.headers.cookie, cookieName))) return true;
      refuse(
        req,
        res,
        401,
        'This debug console listens beyond this machine, so it only answers browsers that opened ' +
          `the link it printed at start (it ends in ?${ACCESS_PARAM}=...). Open that link from the ` +
          'output of `npm start`; this browser then keeps a cookie and needs it only once. If you ' +
          'just opened it from another site, reload this page. To use the console on this machine ' +
          'only, start it with HOST=127.0.0.1.',
      );
      return false;
    },
  };
}
