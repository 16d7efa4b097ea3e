/**
 * Reads one page's answer: the rows at the connection's path, its `totalCount` and `pageInfo`.
 * A page with GraphQL errors is refused whole (its rows may be partial; a resume asks again),
 * with the instance's first message. Pure.
 */
import type { PagedOperation } from './rewrite.ts';

interface Page {
  /** The nodes, or the edges (see PagedOperation.rows). */
  rows: unknown[];
  totalCount?: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

export type PageResult = { ok: true; page: Page } | { ok: false; error: string };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function readPage(body: unknown, op: Pick<PagedOperation, 'path' | 'rows'>): PageResult {
  if (!isObject(body)) return { ok: false, error: 'The answer is not a GraphQL response.' };
  const errors = body.errors;
  if (Array.isArray(errors) && errors.length > 0) {
    const first: unknown = errors[0];
    const message = isObject(first) && typeof first.message === 'string' ? first.message : '';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more errors)` : '';
    return {
      ok: false,
      error: `The instance answered with an error: ${message || JSON.stringify(first)}${more}`,
    };
  }
  let at: unknown = body.data;
  for (const key of op.path) {
    if (!isObject(at)) break;
    at = at[key];
  }
  const where = op.path.join('.');
  if (!isObject(at)) return { ok: false, error: `The answer has no list at ${where}.` };
  const rows = at[op.rows];
  const info = at.pageInfo;
  if (!Array.isArray(rows) || !isObject(info) || typeof info.hasNextPage !== 'boolean')
    return { ok: false, error: `The answer's ${where} has no ${op.rows} or pageInfo.` };
  const cursor = info.endCursor;
  return {
    ok: true,
    page: {
      rows,
      totalCount: typeof at.totalCount === 'number' ? at.totalCount : undefined,
      hasNextPage: info.hasNextPage,
      endCursor: typeof cursor === 'string' ? cursor : null,
    },
  };
}
