import { goJsonMarshal } from './go-json';
import { exportHeaders, graphqlUrl, type ExportedRequest } from './exported-request.ts';
import { shellQuoteJoin } from './shell-quote';

/** What the console sends, as a request the command line client would print. */
export type CurlOptions = ExportedRequest;

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
  const lines: string[][] = exportHeaders(opts).map(([name, value]) => ['-H', `${name}: ${value}`]);
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
