import { Kind, parse, visit, type ASTNode, type DocumentNode } from 'graphql';
import { OVERRIDE_FEATURE_HEADER } from '../../../shared/contracts/feature-flags.ts';
import { goJsonMarshal } from './go-json';
import { REDACTED } from './redact.ts';
import { posixQuote } from './shell-quote';

export interface SrcCommandOptions {
  endpoint: string;
  /** The raw access token (without `token `); omitted → no SRC_ACCESS_TOKEN line. */
  token?: string;
  query: string;
  variables: Record<string, unknown>;
  redactToken: boolean;
  /** Add `-trace` (src sends `X-Sourcegraph-Should-Trace: true`). */
  trace?: boolean;
  /** Feature-flag overrides, sent through `SRC_HEADERS` (src-cli has no flag for them). */
  featureFlags?: readonly string[];
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
  if (opts.featureFlags?.length) {
    lines.push(
      `export SRC_HEADERS=${posixQuote(`${OVERRIDE_FEATURE_HEADER}:${opts.featureFlags.join(',')}`)}`,
    );
  }
  const vars = goJsonMarshal(opts.variables ?? {});
  const trace = opts.trace ? ' -trace' : '';
  lines.push(`src api${trace} -query=${posixQuote(opts.query)} -vars=${posixQuote(vars)}`);
  return lines.join('\n') + '\n';
}

/**
 * The secret of an Authorization value, for `SRC_ACCESS_TOKEN`: `token X`, `Bearer X` and
 * `token-sudo user="u",token="X"` all give X (src-cli sends it as `token X`; sudo and OAuth
 * semantics are not carried over).
 */
export function tokenFromAuthorization(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const sudo = /\btoken="([^"]*)"/.exec(value);
  if (/^token-sudo\s/i.test(value)) return sudo?.[1];
  return /^\S+\s+(\S+)$/.exec(value.trim())?.[1] ?? value.trim();
}

/**
 * The source text of one operation and the fragments it uses (transitively), in document
 * order, so that a tool without an operation-name option (`src api`) runs the right one.
 * Returns the query unchanged when it has one operation, does not parse, or lacks the name.
 */
export function operationSource(query: string, operationName: string | undefined): string {
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch {
    return query;
  }
  const ops = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  const op = ops.find(
    (d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === operationName,
  );
  if (ops.length <= 1 || !op) return query;
  const fragments = new Map(
    doc.definitions.flatMap((d) =>
      d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [],
    ),
  );
  const used = new Set<string>();
  const queue: ASTNode[] = [op];
  while (queue.length) {
    visit(queue.pop()!, {
      FragmentSpread(node) {
        const f = fragments.get(node.name.value);
        if (f && !used.has(node.name.value)) {
          used.add(node.name.value);
          queue.push(f);
        }
      },
    });
  }
  return doc.definitions
    .filter((d) => d === op || (d.kind === Kind.FRAGMENT_DEFINITION && used.has(d.name.value)))
    .map((d) => query.slice(d.loc!.start, d.loc!.end))
    .join('\n\n');
}
