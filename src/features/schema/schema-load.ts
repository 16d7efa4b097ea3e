import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';
import { sniffBody } from '../../shared/api/http.ts';

/** What the introspection loader needs from one HTTP answer. */
export interface RawAnswer {
  status: number;
  contentType: string | null;
  text: string;
  /** Set when our relay wrote the answer itself (it could not reach the instance). */
  relayError: boolean;
}

/** A user-facing failure: the message says what happened and what to do. */
export class SchemaLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SchemaLoadError';
  }
}

/** The result of a successful introspection: what the answer was read into, and how it was asked. */
export interface Introspected<T> {
  data: T;
  legacy: boolean;
  /** Said in the panel when the older introspection query had to be used. */
  notice?: string;
}

/** One answer, read: the schema (in whatever form the reader makes of it) or GraphQL errors. */
export type ParsedAnswer<T> = { kind: 'ok'; data: T } | { kind: 'errors'; messages: string[] };

/** The introspection query with deprecated arguments and input fields, and the older form. */
export const MODERN_INTROSPECTION = getIntrospectionQuery({
  descriptions: true,
  inputValueDeprecation: true,
});
export const LEGACY_INTROSPECTION = getIntrospectionQuery({ descriptions: true });

const REFETCH = 'then refetch the schema (Shift-Ctrl-R)';
const FILE_HINT = 'or load the schema from a file (SDL or introspection JSON)';

function clip(text: string, n = 200): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > n ? `${one.slice(0, n)}…` : one;
}

/**
 * Classifies one answer; throws SchemaLoadError for anything that is not GraphQL. Parses the
 * whole body: the schema worker runs it (workers/schema.worker.ts), not the page.
 */
export function readIntrospectionAnswer(a: RawAnswer): ParsedAnswer<IntrospectionQuery> {
  if (a.relayError)
    throw new SchemaLoadError(
      `The relay could not reach the instance: ${clip(a.text)}. Check the Instance URL, ${REFETCH}.`,
    );
  if (a.status === 401 || a.status === 403)
    throw new SchemaLoadError(
      `The instance refused the request (HTTP ${a.status}${a.text.trim() ? `: ${clip(a.text)}` : ''}). ` +
        `Check the access token and auth scheme in the connection panel, ${REFETCH}.`,
    );
  const kind = sniffBody(a.contentType, a.text);
  if (kind === 'html')
    throw new SchemaLoadError(
      `The Instance URL answered with a web page (HTML, HTTP ${a.status}), not GraphQL. ` +
        `Use the instance's root URL (e.g. https://sourcegraph.example.com, without a path), ${REFETCH}.`,
    );
  let body: unknown;
  try {
    body = kind === 'empty' ? undefined : JSON.parse(a.text);
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object')
    throw new SchemaLoadError(
      `The instance answered HTTP ${a.status} with something that is not a GraphQL response` +
        `${a.text.trim() ? ` ("${clip(a.text, 120)}")` : ' (an empty body)'}. Check the Instance URL, ${REFETCH}.`,
    );
  const { data, errors } = body as { data?: { __schema?: unknown } | null; errors?: unknown };
  if (data && typeof data === 'object' && data.__schema)
    return { kind: 'ok', data: data as IntrospectionQuery };
  const messages = Array.isArray(errors)
    ? errors.map((e) => String((e as { message?: unknown })?.message ?? JSON.stringify(e)))
    : [];
  if (messages.length) return { kind: 'errors', messages };
  throw new SchemaLoadError(
    `The instance answered HTTP ${a.status} without a schema (no "data.__schema" and no errors). ` +
      `Check the Instance URL, ${REFETCH}, ${FILE_HINT}.`,
  );
}

const DISABLED = /introspection/i;

/**
 * Runs the modern introspection query and, when the server rejects it with GraphQL errors
 * (older servers do not know `includeDeprecated` on arguments), the older form. `send` sends
 * one query and reads its answer (`readIntrospectionAnswer`, in the schema worker).
 */
export async function introspect<T>(
  send: (query: string) => Promise<ParsedAnswer<T>>,
): Promise<Introspected<T>> {
  const a = await send(MODERN_INTROSPECTION);
  if (a.kind === 'ok') return { data: a.data, legacy: false };
  const b = await send(LEGACY_INTROSPECTION);
  if (b.kind === 'ok')
    return {
      data: b.data,
      legacy: true,
      notice:
        `This server rejected the introspection query that asks for deprecated arguments and input fields ` +
        `("${clip(a.messages[0] ?? '', 160)}"), so the older query was used: deprecated arguments and input fields are not listed.`,
    };
  const msg = clip(b.messages.join(' / '), 240);
  if (DISABLED.test(msg))
    throw new SchemaLoadError(
      `The server refused introspection ("${msg}"): it is probably disabled on this instance. ` +
        `Load the schema from a file (SDL or introspection JSON) to get Docs and completion.`,
    );
  throw new SchemaLoadError(
    `The server rejected the introspection query: "${msg}". ${REFETCH.charAt(0).toUpperCase()}${REFETCH.slice(1)} ${FILE_HINT}.`,
  );
}
