/**
 * What the dialog shows before a run: the lists of the query, and for the one picked, the
 * rewritten operation and its page size. Expected failures are messages. Pure.
 */
import { parse, type GraphQLSchema } from 'graphql';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import { findConnections, type ConnectionRef } from './connections.ts';
import { choosePageSize, type PageSizeChoice } from './page-size.ts';
import { rewriteForPaging, type PagedOperation } from './rewrite.ts';

export type ListsResult = { ok: true; lists: ConnectionRef[] } | { ok: false; error: string };

export function listsIn(query: string, schema: GraphQLSchema | undefined): ListsResult {
  if (!schema)
    return { ok: false, error: 'The schema is not loaded yet: connect, then open this again.' };
  let lists: ConnectionRef[];
  try {
    lists = findConnections(parse(query), schema);
  } catch (err) {
    return { ok: false, error: `The query does not parse: ${(err as Error).message}` };
  }
  if (lists.length === 0)
    return {
      ok: false,
      error:
        'No list to export in this query: select a field with pageInfo and nodes (or edges), ' +
        'such as users { nodes { username } }.',
    };
  return { ok: true, lists };
}

export type Plan =
  | { ok: true; op: PagedOperation; size: Extract<PageSizeChoice, { ok: true }> }
  | { ok: false; error: string };

export function planExport(
  query: string,
  list: ConnectionRef,
  schema: GraphQLSchema,
  variables: Record<string, unknown>,
  limits: CostLimits,
): Plan {
  const r = rewriteForPaging(query, list, schema, variables);
  if (!r.ok) return r;
  const size = choosePageSize(r.value, limits);
  if (!size.ok) return size;
  return { ok: true, op: r.value, size };
}

/** One line on the page size and why: "454 rows a page (the field count limit)". */
export function describeSize(size: Extract<PageSizeChoice, { ok: true }>): string {
  const why =
    size.bound === 'limit'
      ? `the ${size.limit ?? 'cost'} limit`
      : size.bound === 'documented'
        ? "the field's documented maximum"
        : 'the most per page';
  const rows = `${size.size.toLocaleString('en-US')} row${size.size === 1 ? '' : 's'} a page (${why})`;
  return size.unestimated ? `${rows}; the cost could not be estimated: ${size.unestimated}` : rows;
}

/** A key for a list that survives re-parsing: its operation and path. */
export const listKey = (l: ConnectionRef) => `${l.operation}:${l.path.join('.')}`;
