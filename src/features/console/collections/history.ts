/**
 * History of run operations: what was sent, never how (no tokens, no header values).
 * Like GraphiQL: newest first, a bounded list, very large queries not kept. Bounded in bytes
 * too: one run with huge variables must not fill the browser's storage (after which every save
 * fails), so variables over HISTORY_MAX_VARIABLES are not kept with the entry.
 */
export interface HistoryEntry {
  id: string;
  /** Epoch ms of the last run. */
  at: number;
  query: string;
  variables: string;
  /** True when the variables were too large to keep (the entry has none). */
  variablesOmitted?: boolean;
  operationName?: string;
  /** HTTP status of the last run, when one arrived. */
  status?: number;
}

const HISTORY_LIMIT = 50;
/** Queries longer than this are not stored (GraphiQL uses the same bound). */
const HISTORY_MAX_QUERY = 100_000;
/** Variables longer than this are left out of the entry. */
export const HISTORY_MAX_VARIABLES = 20_000;
/** All entries together stay under this many characters of JSON. */
export const HISTORY_MAX_CHARS = 1_000_000;

function size(h: HistoryEntry): number {
  return JSON.stringify(h).length;
}

/** Keeps the newest entries that fit HISTORY_LIMIT and HISTORY_MAX_CHARS. */
function boundHistory(list: readonly HistoryEntry[], limit = HISTORY_LIMIT): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let total = 0;
  for (const h of list) {
    if (out.length >= limit) break;
    total += size(h);
    if (total > HISTORY_MAX_CHARS) break;
    out.push(h);
  }
  return out;
}

/** Adds a run; re-running the same operation moves it to the top instead of duplicating it. */
export function addHistoryEntry(
  list: readonly HistoryEntry[],
  entry: Omit<HistoryEntry, 'id'>,
  limit = HISTORY_LIMIT,
): HistoryEntry[] {
  if (!entry.query.trim() || entry.query.length > HISTORY_MAX_QUERY) return [...list];
  const tooBig = entry.variables.length > HISTORY_MAX_VARIABLES;
  const kept: Omit<HistoryEntry, 'id'> = tooBig
    ? { ...entry, variables: '', variablesOmitted: true }
    : entry;
  const same = (h: HistoryEntry) =>
    h.query === kept.query &&
    h.variables.trim() === kept.variables.trim() &&
    !!h.variablesOmitted === !!kept.variablesOmitted &&
    (h.operationName ?? '') === (kept.operationName ?? '');
  const previous = list.find(same);
  const id = previous?.id ?? `h${entry.at.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return boundHistory([{ ...kept, id }, ...list.filter((h) => !same(h))], limit);
}

/** Checks entries read back from storage; drops anything malformed or oversized. */
export function sanitizeHistory(raw: unknown): HistoryEntry[] {
  const list = Array.isArray(raw)
    ? raw
    : raw && typeof raw === 'object' && Array.isArray((raw as { entries?: unknown }).entries)
      ? (raw as { entries: unknown[] }).entries
      : [];
  const out: HistoryEntry[] = [];
  for (const h of list as Record<string, unknown>[]) {
    if (!h || typeof h !== 'object') continue;
    if (typeof h.id !== 'string' || typeof h.query !== 'string' || typeof h.at !== 'number')
      continue;
    if (h.query.length > HISTORY_MAX_QUERY) continue;
    const variables = typeof h.variables === 'string' ? h.variables : '';
    const omitted = variables.length > HISTORY_MAX_VARIABLES || h.variablesOmitted === true;
    out.push({
      id: h.id,
      at: h.at,
      query: h.query,
      variables: omitted ? '' : variables,
      ...(omitted ? { variablesOmitted: true } : {}),
      operationName: typeof h.operationName === 'string' ? h.operationName : undefined,
      status: typeof h.status === 'number' ? h.status : undefined,
    });
  }
  return boundHistory(out);
}

/** When the history was last cleared (epoch ms), as stored; 0 when never. */
export function historyClearedAt(raw: unknown): number {
  const v =
    raw && typeof raw === 'object' && !Array.isArray(raw)
      ? (raw as { clearedAt?: unknown }).clearedAt
      : undefined;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}

/**
 * Merges this tab's history with what another browser tab stored meanwhile: the union by id
 * (the later run wins), minus what a "Clear" in either tab removed, newest first, bounded.
 */
export function mergeHistory(
  stored: readonly HistoryEntry[],
  mine: readonly HistoryEntry[],
  clearedAt: number,
): HistoryEntry[] {
  const byId = new Map<string, HistoryEntry>();
  for (const h of [...stored, ...mine]) {
    const prev = byId.get(h.id);
    if (!prev || prev.at <= h.at) byId.set(h.id, h);
  }
  const all = [...byId.values()].filter((h) => h.at > clearedAt).sort((a, b) => b.at - a.at);
  // The same operation run in two tabs has two ids: keep the newer one.
  const seen = new Set<string>();
  const unique = all.filter((h) => {
    const k = `${h.query}\u0000${h.variables.trim()}\u0000${h.operationName ?? ''}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return boundHistory(unique);
}
