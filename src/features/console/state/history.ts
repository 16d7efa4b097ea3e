/**
 * History of run operations: what was sent, never how (no tokens, no header values).
 * Like GraphiQL: newest first, a bounded list, very large queries not kept.
 */
export interface HistoryEntry {
  id: string;
  /** Epoch ms of the last run. */
  at: number;
  query: string;
  variables: string;
  operationName?: string;
  /** HTTP status of the last run, when one arrived. */
  status?: number;
}

export const HISTORY_LIMIT = 50;
/** Queries longer than this are not stored (GraphiQL uses the same bound). */
export const HISTORY_MAX_QUERY = 100_000;

/** Adds a run; re-running the same operation moves it to the top instead of duplicating it. */
export function addHistoryEntry(
  list: readonly HistoryEntry[],
  entry: Omit<HistoryEntry, 'id'>,
  limit = HISTORY_LIMIT,
): HistoryEntry[] {
  if (!entry.query.trim() || entry.query.length > HISTORY_MAX_QUERY) return [...list];
  const same = (h: HistoryEntry) =>
    h.query === entry.query &&
    h.variables.trim() === entry.variables.trim() &&
    (h.operationName ?? '') === (entry.operationName ?? '');
  const previous = list.find(same);
  const id = previous?.id ?? `h${entry.at.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return [{ ...entry, id }, ...list.filter((h) => !same(h))].slice(0, limit);
}

/** Checks entries read back from storage; drops anything malformed. */
export function sanitizeHistory(raw: unknown): HistoryEntry[] {
  if (!Array.isArray(raw)) return [];
  const out: HistoryEntry[] = [];
  for (const h of raw as Record<string, unknown>[]) {
    if (!h || typeof h !== 'object') continue;
    if (typeof h.id !== 'string' || typeof h.query !== 'string' || typeof h.at !== 'number')
      continue;
    out.push({
      id: h.id,
      at: h.at,
      query: h.query,
      variables: typeof h.variables === 'string' ? h.variables : '',
      operationName: typeof h.operationName === 'string' ? h.operationName : undefined,
      status: typeof h.status === 'number' ? h.status : undefined,
    });
  }
  return out.slice(0, HISTORY_LIMIT);
}
