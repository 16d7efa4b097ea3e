/**
 * Turns an HTTP response from `/.api/graphql` into what the response pane and the Connect check show. Pure (no DOM):
 * it runs inside the response worker so that large bodies are parsed off the main thread, and
 * in unit tests.
 */
import { looksLikeHtml, retryAfterSeconds, type HttpMeta } from './http.ts';
import { prettyJson } from './pretty-json.ts';

/** What classifyJsonFacts needs of a GraphQL response (gathered while printing by src/features/console/response/json-stream-printer.ts). */
export interface JsonFacts {
  /** The top level is an object with a `data` or `errors` member. */
  isGraphQL: boolean;
  /** `data` is present and not null. */
  hasData: boolean;
  /** The `errors` member, parsed (empty when absent or not an array). */
  rawErrors: unknown[];
}

export interface ResponseMeta extends HttpMeta {
  /** The scheme the request was sent with: an expired OAuth token gets its own hint. */
  scheme?: 'token' | 'bearer' | 'sudo';
  /** Epoch ms; used to turn an HTTP-date Retry-After into seconds. */
  now?: number;
}

/** One GraphQL error as listed under the response. */
export interface GqlErrorItem {
  message: string;
  locations: { line: number; column: number }[];
  path?: (string | number)[];
  code?: string;
}

interface Notice {
  tone: 'error' | 'warning' | 'info';
  title: string;
  detail?: string;
}

type ResponseKind =
  | 'graphql'
  | 'json'
  | 'invalid-json'
  | 'text'
  | 'html'
  | 'empty'
  | 'rate-limited'
  | 'cost-limit'
  | 'relay';

export interface ClassifiedResponse {
  kind: ResponseKind;
  /** What the viewer shows: pretty-printed JSON, or the body as received. */
  display: string;
  language: 'json' | 'text';
  /** The first MAX_ERRORS GraphQL errors. */
  errors: GqlErrorItem[];
  errorCount: number;
  /** The response carries `data` (possibly partial, next to errors). */
  hasData: boolean;
  notice?: Notice;
}

const MAX_ERRORS = 200;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "401 Unauthorized" */
export function statusLine(status: number): string {
  return STATUS_TEXT[status] ? `${status} ${STATUS_TEXT[status]}` : String(status);
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

function toErrorItem(e: unknown): GqlErrorItem {
  if (!e || typeof e !== 'object') return { message: String(e), locations: [] };
  const o = e as Record<string, unknown>;
  const locations = Array.isArray(o.locations)
    ? (o.locations as unknown[]).flatMap((l) => {
        const p = l as { line?: unknown; column?: unknown } | null;
        return p && typeof p.line === 'number' && typeof p.column === 'number'
          ? [{ line: p.line, column: p.column }]
          : [];
      })
    : [];
  const ext =
    o.extensions && typeof o.extensions === 'object'
      ? (o.extensions as Record<string, unknown>)
      : {};
  return {
    message: typeof o.message === 'string' ? o.message : JSON.stringify(e),
    locations,
    path: Array.isArray(o.path) ? (o.path as (string | number)[]) : undefined,
    code: typeof ext.code === 'string' ? ext.code : undefined,
  };
}

interface CostError {
  type: string;
  actual: unknown;
  limit: unknown;
}

function costErrors(errors: unknown[]): CostError[] {
  return errors.flatMap((e) => {
    const ext = (e as { extensions?: Record<string, unknown> } | null)?.extensions;
    if (!ext || ext.code !== 'ErrQueryComplexityLimitExceeded') return [];
    return [{ type: String(ext.type ?? 'cost'), actual: ext.actual, limit: ext.limit }];
  });
}

function classifyJson(meta: ResponseMeta, text: string): ClassifiedResponse {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return {
      kind: 'invalid-json',
      display: text,
      language: 'text',
      errors: [],
      errorCount: 0,
      hasData: false,
      notice: {
        tone: 'error',
        title: `${statusLine(meta.status)}: the body looks like JSON but does not parse`,
        detail: `${(err as Error).message}. The body is shown as received.`,
      },
    };
  }
  const obj =
    parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  return classifyJsonFacts(meta, prettyJson(parsed), {
    isGraphQL: !!obj && ('data' in obj || 'errors' in obj),
    hasData: obj?.data !== undefined && obj.data !== null,
    rawErrors: Array.isArray(obj?.errors) ? (obj.errors as unknown[]) : [],
  });
}

/**
 * Classifies a body that parsed as JSON, from what is known about it (gathered from the parsed
 * value, or by json-stream-printer.ts while the body streams).
 */
export function classifyJsonFacts(
  meta: ResponseMeta,
  display: string,
  { isGraphQL, hasData, rawErrors }: JsonFacts,
): ClassifiedResponse {
  if (!isGraphQL) {
    return {
      kind: 'json',
      display,
      language: 'json',
      errors: [],
      errorCount: 0,
      hasData: false,
      notice:
        meta.status >= 400
          ? {
              tone: 'error',
              title: `${statusLine(meta.status)}: not a GraphQL response`,
              detail: 'Check the Instance URL.',
            }
          : {
              tone: 'warning',
              title: 'This JSON is not a GraphQL response (no "data" or "errors").',
              detail: 'Check the Instance URL.',
            },
    };
  }
  const errors = rawErrors.slice(0, MAX_ERRORS).map(toErrorItem);
  const cost = costErrors(rawErrors);
  if (cost.length > 0) {
    return {
      kind: 'cost-limit',
      display,
      language: 'json',
      errors,
      errorCount: rawErrors.length,
      hasData,
      notice: {
        tone: 'error',
        title: `${statusLine(meta.status)}: the instance refused the query before running it — it exceeds ${cost.length === 1 ? 'a cost limit' : `${cost.length} cost limits`}`,
        detail:
          cost.map((c) => `${c.type}: ${String(c.actual)} (limit ${String(c.limit)})`).join('; ') +
          '. Ask for fewer results (first/last), fewer aliases or a shallower query; a site admin can raise rateLimits in the site configuration.',
      },
    };
  }
  let notice: Notice | undefined;
  if (meta.status >= 400)
    notice = {
      tone: 'error',
      title: `${statusLine(meta.status)}${errors[0] ? `: ${errors[0].message}` : ''}`,
    };
  else if (errors.length > 0 && hasData)
    notice = {
      tone: 'warning',
      title: `Partial data: ${rawErrors.length} error${rawErrors.length === 1 ? '' : 's'} beside the data.`,
    };
  return {
    kind: 'graphql',
    display,
    language: 'json',
    errors,
    errorCount: rawErrors.length,
    hasData,
    notice,
  };
}

/** Characters of a body's start (after white space) that decide how it is classified. */
export const HEAD_CHARS = 128;

/**
 * Whether classifyResponse would treat a body starting with `head` (at least HEAD_CHARS after
 * white space, or the whole body) as JSON: such bodies can be printed as they stream.
 */
export function streamsAsJson(meta: ResponseMeta, head: string): boolean {
  if (meta.relayError || meta.status === 429) return false;
  const body = head.trimStart();
  const ct = (meta.contentType ?? '').toLowerCase();
  if (body === '' || looksLikeHtml(ct, body)) return false;
  return ct.includes('json') || body[0] === '{' || body[0] === '[';
}

/** Classifies one response body for display; never throws. */
export function classifyResponse(meta: ResponseMeta, text: string): ClassifiedResponse {
  const base: Pick<ClassifiedResponse, 'errors' | 'errorCount' | 'hasData'> = {
    errors: [],
    errorCount: 0,
    hasData: false,
  };
  const body = text.trim();
  const ct = (meta.contentType ?? '').toLowerCase();
  if (meta.relayError) {
    return {
      ...base,
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
      ...base,
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
      ...base,
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
      ...base,
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
  if (ct.includes('json') || head === '{' || head === '[') return classifyJson(meta, text);
  const hint = textHint(body, meta);
  const notFound = meta.status === 404;
  return {
    ...base,
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
