import { goJsonMarshal } from './go-json';
import { REDACTED } from './curl-export';
import { posixQuote } from './shell-quote';

export interface SrcCommandOptions {
  endpoint: string;
  /** The raw access token (without `token `); omitted → no SRC_ACCESS_TOKEN line. */
  token?: string;
  query: string;
  variables: Record<string, unknown>;
  redactToken: boolean;
}

/**
 * A shell snippet that runs the same query with the command line client:
 * ```
 * export SRC_ENDPOINT=https://sourcegraph.example.com
 * export SRC_ACCESS_TOKEN=REDACTED
 * src api -query='query { currentUser { username } }' -vars='{}'
 * ```
 * `src api` takes the query with `-query` (stdin otherwise) and the variables as a JSON object
 * with `-vars`; it has no operation-name flag, so a document with several operations should be
 * narrowed first (see `operationSource`). Every value is single-quoted unless it is made only
 * of safe characters, so nothing is expanded by the shell.
 */
export function toSrcCommand(opts: SrcCommandOptions): string {
  const lines = [`export SRC_ENDPOINT=${posixQuote(opts.endpoint.replace(/\/+$/, ''))}`];
  if (opts.token) {
    lines.push(`export SRC_ACCESS_TOKEN=${opts.redactToken ? REDACTED : posixQuote(opts.token)}`);
  }
  const vars = goJsonMarshal(opts.variables ?? {});
  lines.push(`src api -query=${posixQuote(opts.query)} -vars=${posixQuote(vars)}`);
  return lines.join('\n') + '\n';
}
