/**
 * What an HTTP response from `/.api/graphql` is before any GraphQL is read from it: a relay
 * error, a rate limit, an empty body, an HTML page, plain text (the instance's auth errors), or a
 * JSON body for classify-graphql.ts. Pure (no DOM): it runs inside the response worker and in
 * unit tests.
 */
import { looksLikeHtml, retryAfterSeconds, type HttpMeta } from './http.ts';
import { statusLine } from './status-line.ts';

export interface ResponseMeta extends HttpMeta {
  /** The scheme the request was sent with: an expired OAuth token gets its own hint. */
  scheme?: 'token' | 'bearer' | 'sudo';
  /** Epoch ms; used to turn an HTTP-date Retry-After into seconds. */
  now?: number;
}

/** What the response pane (or the Connect check) says above the body. */
export interface Notice {
  tone: 'error' | 'warning' | 'info';
  title: string;
  detail?: string;
}

/** A response whose body is not JSON (or must not be read as JSON), shown as received. */
export interface HttpClassified {
  kind: 'relay' | 'rate-limited' | 'empty' | 'html' | 'text';
  display: string;
  language: 'text';
  notice: Notice;
}

/** What to do about the instance's plain-text auth errors (exact texts). */
const TEXT_HINTS: [RegExp, string][] = [
  [
    /^Invalid access token\.$/,
    'The instance does not accept this token: it is unknown, revoked, or lacks the needed scope (user:all; site-admin:sudo for Sudo). Check the Access token in the connection panel, or create a new one under Settings → Access tokens.',
  ],
  [/^Private mode requires authentication\.$/, 'Enter an Access token in the connection panel.'],
  [
    /^Invalid Authorization header\.$/,
    'The Authorization header is malformed: check the token (and the Sudo user) for stray characters.',
  ],
  [
    /^The subject user of a sudo access token must be a site admin\.$/,
    'Sudo needs the token of a site admin with the site-admin:sudo scope.',
  ],
  [/^Unable to sudo to nonexistent user\.$/, 'Check the "Sudo user" name in the connection panel.'],
  [
    /^Access token authorization is disabled\.$/,
    'This instance does not accept access tokens (site config accessTokens.allow).',
  ],
  [
    /expired/i,
    'The token has expired: paste a new one (or a new OAuth token response) in the connection panel.',
  ],
];

function textHint(body: string, meta: ResponseMeta): string | undefined {
  for (const [re, hint] of TEXT_HINTS) if (re.test(body)) return hint;
  if (meta.status === 401 && meta.scheme === 'bearer')
    return 'If this is an OAuth token, it may have expired or been revoked: paste a new token response in the connection panel.';
  if (meta.status === 401 || meta.status === 403)
    return 'Check the Auth scheme and Access token in the connection panel.';
  return undefined;
}

/** Characters of a body's start (after white space) that decide how it is classified. */
export const HEAD_CHARS = 128;

/**
 * Whether a body starting with `head` (at least HEAD_CHARS after white space, or the whole body)
 * is JSON to classifyHttp (it returns undefined): such bodies can be printed as they stream.
 */
export function streamsAsJson(meta: ResponseMeta, head: string): boolean {
  if (meta.relayError || meta.status === 429) return false;
  const body = head.trimStart();
  const ct = (meta.contentType ?? '').toLowerCase();
  if (body === '' || looksLikeHtml(ct, body)) return false;
  return ct.includes('json') || body[0] === '{' || body[0] === '[';
}

/**
 * Classifies a response by its HTTP facts and its body's shape; never throws. Undefined means
 * the body is JSON: classify-graphql.ts reads it.
 */
export function classifyHttp(meta: ResponseMeta, text: string): HttpClassified | undefined {
  const body = text.trim();
  const ct = (meta.contentType ?? '').toLowerCase();
  if (meta.relayError) {
    return {
      kind: 'relay',
      display: text,
      language: 'text',
      notice: {
        tone: 'error',
        title: `The relay could not complete the request (${statusLine(meta.status)})`,
        detail: body || undefined,
      },
    };
  }
  if (meta.status === 429) {
    const secs = retryAfterSeconds(meta.retryAfter, meta.now);
    return {
      kind: 'rate-limited',
      display: text,
      language: 'text',
      notice: {
        tone: 'warning',
        title:
          secs !== undefined ? `Rate limited; retry in ${secs} s.` : 'Rate limited; retry later.',
        detail:
          'The instance limits anonymous requests without a request name; sending an access token (and a named operation) avoids the limit.' +
          (body ? ` The server said: ${body}` : ''),
      },
    };
  }
  if (body === '') {
    const detail =
      meta.status >= 500
        ? 'The instance hides error details outside dev mode; an undecodable request body is a common cause.'
        : meta.status === 404
          ? 'Check the Instance URL: it should be the site root, e.g. https://sourcegraph.example.com.'
          : undefined;
    return {
      kind: 'empty',
      display: '',
      language: 'text',
      notice: {
        tone: meta.status >= 400 ? 'error' : 'warning',
        title: `${statusLine(meta.status)} with an empty body.`,
        detail,
      },
    };
  }
  if (looksLikeHtml(ct, text)) {
    return {
      kind: 'html',
      display: text,
      language: 'text',
      notice: {
        tone: 'error',
        title: 'Not a GraphQL endpoint: got an HTML page — check the Instance URL.',
        detail: `The server answered ${statusLine(meta.status)} with a web page. The Instance URL should be the site root (e.g. https://sourcegraph.example.com); the console adds /.api/graphql.`,
      },
    };
  }
  const head = body[0];
  if (ct.includes('json') || head === '{' || head === '[') return undefined;
  const hint = textHint(body, meta);
  const notFound = meta.status === 404;
  return {
    kind: 'text',
    display: text,
    language: 'text',
    notice: {
      tone: meta.status >= 400 ? 'error' : 'warning',
      title: notFound
        ? `Not a GraphQL endpoint: ${statusLine(404)} — check the Instance URL.`
        : `${statusLine(meta.status)}: ${body.length > 300 ? body.slice(0, 300) + '…' : body}`,
      detail: notFound ? `The server said: ${body.slice(0, 300)}` : hint,
    },
  };
}
