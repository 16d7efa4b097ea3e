/**
 * What a response from `/.api/graphql` says as GraphQL: data, an errors array, both (partial
 * data), a cost limit, JSON that is not GraphQL, or JSON that does not parse. `classifyResponse`
 * is the entry: the HTTP facts first (classify-http.ts), then this. Pure (no DOM): it runs inside
 * the response worker so that large bodies are parsed off the main thread, and in unit tests.
 */
import { classifyHttp, type Notice, type ResponseMeta } from './classify-http.ts';
import { statusLine } from './status-line.ts';
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

/** One GraphQL error as listed under the response. */
export interface GqlErrorItem {
  message: string;
  locations: { line: number; column: number }[];
  path?: (string | number)[];
  code?: string;
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
  const first = errors[0];
  if (meta.status >= 400)
    notice = {
      tone: 'error',
      title: `${statusLine(meta.status)}${first ? `: ${first.message}` : ''}`,
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

/** Classifies one response body from the GraphQL endpoint for display; never throws. */
export function classifyResponse(meta: ResponseMeta, text: string): ClassifiedResponse {
  const http = classifyHttp(meta, text);
  if (http) return { ...http, errors: [], errorCount: 0, hasData: false };
  return classifyJson(meta, text);
}
