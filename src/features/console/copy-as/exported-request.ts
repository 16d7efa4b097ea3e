import { isSecretHeaderName } from './secret-headers.ts';
import { redactAuthorization, REDACTED } from './redact.ts';

/** What every export sends besides the body; `redactToken` hides the secrets. */
export interface ExportedHeaders {
  /** The full Authorization header value (`token …`, `Bearer …`, `token-sudo …`). */
  authorization?: string;
  /** Extra headers from the Headers editor, in the order given. */
  headers: Record<string, string>;
  /** Trace and feature-flag headers (run/request-options.ts), after `headers`. */
  optionHeaders?: readonly (readonly [string, string])[];
  /**
   * Replace secrets with the word `REDACTED` (the default in the UI): the Authorization value
   * and every secret-looking header (see `secret-headers.ts`).
   */
  redactToken: boolean;
}

/**
 * The headers an export prints, in curl's order: Authorization, the Headers editor's, the
 * request options', then `Content-Type: application/json` unless the Headers editor sets one.
 * Every export (curl, fetch, Python, Go) prints these, so one redaction rule holds for all.
 * `addContentType: false` leaves the default out (for a client that sets it from the body).
 */
export function exportHeaders(opts: ExportedHeaders, addContentType = true): [string, string][] {
  const out: [string, string][] = [];
  if (opts.authorization) {
    const value = opts.redactToken ? redactAuthorization(opts.authorization) : opts.authorization;
    out.push(['Authorization', value]);
  }
  let hasContentType = false;
  for (const [name, raw] of Object.entries(opts.headers)) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') hasContentType = true;
    const value = !opts.redactToken
      ? raw
      : lower === 'authorization' || lower === 'proxy-authorization'
        ? redactAuthorization(raw)
        : isSecretHeaderName(name)
          ? REDACTED
          : raw;
    out.push([name, value]);
  }
  for (const [name, value] of opts.optionHeaders ?? []) out.push([name, value]);
  if (!hasContentType && addContentType) out.push(['Content-Type', 'application/json']);
  return out;
}

/** The request every export prints (built by `export-request.ts` from the connection and the tab). */
export interface ExportedRequest extends ExportedHeaders {
  /** Instance base URL, e.g. `https://sourcegraph.example.com` (a trailing `/` is dropped). */
  endpoint: string;
  /** `operationName` only for a document with several operations (`export-operation.ts`). */
  body: { query: string; variables: Record<string, unknown>; operationName?: string };
}

/** `{endpoint}/.api/graphql`, trailing slashes of the endpoint dropped (as src-cli does). */
export function graphqlUrl(endpoint: string): string {
  return endpoint.replace(/\/+$/, '') + '/.api/graphql';
}
