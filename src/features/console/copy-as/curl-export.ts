import { goJsonMarshal } from './go-json';
import { isSecretHeaderName } from './secret-headers';
import { shellQuoteJoin } from './shell-quote';

/** What the console sends, as a request the command line client would print. */
export interface CurlOptions {
  /** Instance base URL, e.g. `https://sourcegraph.example.com` (a trailing `/` is dropped). */
  endpoint: string;
  /** The full Authorization header value (`token …`, `Bearer …`, `token-sudo …`). */
  authorization?: string;
  /** Extra headers from the Headers editor, printed in the order given. */
  headers: Record<string, string>;
  /** Trace and feature-flag headers (run/request-options.ts), one line each, after `headers`. */
  optionHeaders?: readonly (readonly [string, string])[];
  body: { query: string; variables: Record<string, unknown>; operationName?: string };
  /**
   * Replace secrets with the word `REDACTED` (the default in the UI): the Authorization value
   * and every secret-looking header (see `secret-headers.ts`).
   */
  redactToken: boolean;
}

/** The placeholder printed instead of a secret. */
export const REDACTED = 'REDACTED';

/**
 * Renders the request in exactly the format of `src api -get-curl` (examples in curl-export.test.ts):
 * `curl \`, then one line per argument pair indented by three spaces and ending in ` \`,
 * the URL last, and a final newline. Words are quoted with go-shellquote's rules and the body
 * is Go's `json.Marshal` output, so the command is byte-identical to src-cli's for the same
 * request. Differences by design: the Authorization line carries whatever scheme the console
 * uses (src-cli only prints `token …` and never OAuth tokens; we print `Bearer REDACTED`),
 * and `operationName` is included when the console names one: only for a document with
 * several operations (copy-as/export-operation.ts), so a one-operation command is src-cli's.
 */
export function toCurl(opts: CurlOptions): string {
  const lines: string[][] = [];
  if (opts.authorization) {
    const value = opts.redactToken ? redactAuthorization(opts.authorization) : opts.authorization;
    lines.push(['-H', `Authorization: ${value}`]);
  }
  let hasContentType = false;
  for (const [name, raw] of Object.entries(opts.headers)) {
    if (name.toLowerCase() === 'content-type') hasContentType = true;
    const lower = name.toLowerCase();
    const value = !opts.redactToken
      ? raw
      : lower === 'authorization' || lower === 'proxy-authorization'
        ? redactAuthorization(raw)
        : isSecretHeaderName(name)
          ? REDACTED
          : raw;
    lines.push(['-H', `${name}: ${value}`]);
  }
  for (const [name, value] of opts.optionHeaders ?? []) lines.push(['-H', `${name}: ${value}`]);
  if (!hasContentType) lines.push(['-H', 'Content-Type: application/json']);
  lines.push(['-d', requestBodyJson(opts.body)]);
  let out = 'curl \\\n';
  for (const words of lines) out += `   ${shellQuoteJoin(words)} \\\n`;
  out += `   ${shellQuoteJoin([graphqlUrl(opts.endpoint)])}\n`;
  return out;
}

/** The request body as Go marshals it: keys sorted, so `operationName` comes first. */
function requestBodyJson(body: CurlOptions['body']): string {
  const obj: Record<string, unknown> = { query: body.query, variables: body.variables ?? {} };
  if (body.operationName) obj.operationName = body.operationName;
  return goJsonMarshal(obj);
}

/** `{endpoint}/.api/graphql`, trailing slashes of the endpoint dropped (as src-cli does). */
function graphqlUrl(endpoint: string): string {
  return endpoint.replace(/\/+$/, '') + '/.api/graphql';
}

/**
 * Hides the secret part of an Authorization value and keeps the scheme, so the reader still
 * sees which kind of credential the command needs: `token REDACTED`, `Bearer REDACTED`,
 * `token-sudo user="alice",token="REDACTED"`.
 */
export function redactAuthorization(value: string): string {
  const sudo = /^(token-sudo\s+.*\btoken=")([^"]*)(".*)$/i.exec(value);
  if (sudo) return sudo[1] + REDACTED + sudo[3];
  const scheme = /^(\S+)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}
