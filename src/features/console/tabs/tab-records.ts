/**
 * How console tabs are stored so that several browser tabs of one profile never delete or
 * revert each other's work: one record per console tab with the time of its last change, and
 * a tombstone (time of closing) per closed tab. Each browser tab writes only what it changed
 * since, merged into what is stored (the later change wins); its own order and active tab live
 * in its sessionStorage. Pure.
 */
import { createTab, newTabId, type ConsoleTab } from './tabs.ts';

/** A stored console tab (header values are stored apart: they may hold secrets). */
export interface TabRecord {
  id: string;
  title: string;
  query: string;
  variables: string;
  operationName?: string;
  createdAt: number;
  updatedAt: number;
}

export interface StoredTabs {
  version: 2;
  tabs: Record<string, TabRecord>;
  /** Closed tab id → epoch ms when it was closed. */
  closed: Record<string, number>;
  /** The tab active in the browser tab that saved last (a browser restart opens it). */
  activeId?: string;
}

/** How many tombstones are kept (the newest). */
const MAX_TOMBSTONES = 200;

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function readRecord(t: unknown, id: string | undefined, index: number): TabRecord | undefined {
  if (!t || typeof t !== 'object') return undefined;
  const r = t as Record<string, unknown>;
  const query = str(r.query);
  if (query === undefined) return undefined;
  return {
    id: id ?? str(r.id) ?? newTabId(),
    title: str(r.title) ?? '',
    query,
    variables: str(r.variables) ?? '',
    operationName: str(r.operationName) || undefined,
    createdAt: num(r.createdAt) ?? index,
    updatedAt: num(r.updatedAt) ?? 0,
  };
}

/**
 * Reads stored tabs (this format, or the older `{version: 1, activeId, tabs: [...]}` list);
 * anything malformed is dropped and the valid rest kept.
 */
export function readStoredTabs(raw: unknown): StoredTabs {
  const out: StoredTabs = { version: 2, tabs: {}, closed: {} };
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  if (Array.isArray(r.tabs)) {
    r.tabs.forEach((t, i) => {
      const rec = readRecord(t, undefined, i);
      if (!rec) return;
      if (out.tabs[rec.id]) rec.id = newTabId();
      out.tabs[rec.id] = rec;
    });
    out.activeId = str(r.activeId);
    return out;
  }
  out.activeId = str(r.activeId);
  if (r.tabs && typeof r.tabs === 'object')
    Object.entries(r.tabs as Record<string, unknown>).forEach(([id, t], i) => {
      const rec = readRecord(t, id, i);
      if (rec) out.tabs[id] = rec;
    });
  if (r.closed && typeof r.closed === 'object')
    for (const [id, at] of Object.entries(r.closed as Record<string, unknown>)) {
      const n = num(at);
      if (n !== undefined) out.closed[id] = n;
    }
  return out;
}

/**
 * Merges this browser tab's changes into what is stored. `mine` holds the tabs this browser
 * tab shows with the time of their last change here; `closed` the tabs it closed. A record
 * changed later elsewhere is kept; a tab closed elsewhere after its last change here stays
 * closed; a tab closed here is removed unless changed elsewhere after.
 */
export function mergeTabs(
  stored: StoredTabs,
  mine: readonly TabRecord[],
  closed: Readonly<Record<string, number>>,
  activeId?: string,
): StoredTabs {
  const tabs = { ...stored.tabs };
  const tomb = { ...stored.closed };
  for (const [id, at] of Object.entries(closed)) {
    if ((tabs[id]?.updatedAt ?? 0) <= at) delete tabs[id];
    tomb[id] = Math.max(tomb[id] ?? 0, at);
  }
  for (const rec of mine) {
    const closedAt = tomb[rec.id];
    if (closedAt !== undefined && closedAt >= rec.updatedAt) continue;
    const theirs = tabs[rec.id];
    if (!theirs || theirs.updatedAt <= rec.updatedAt) tabs[rec.id] = rec;
    delete tomb[rec.id];
  }
  const kept = Object.entries(tomb)
    .sort((a, b) => b[1] - a[1])
    .slice(0, MAX_TOMBSTONES);
  return { version: 2, tabs, closed: Object.fromEntries(kept), activeId };
}

/**
 * The tabs a browser tab shows: those in its own order first (a reload), then every other
 * stored tab by creation time; header values from `headers`.
 */
export function tabsFromRecords(
  stored: StoredTabs,
  order: readonly string[],
  headers: Record<string, string>,
): ConsoleTab[] {
  const recs = Object.values(stored.tabs);
  const rank = new Map(order.map((id, i) => [id, i]));
  recs.sort((a, b) => {
    const ra = rank.get(a.id);
    const rb = rank.get(b.id);
    if (ra !== undefined && rb !== undefined) return ra - rb;
    if (ra !== undefined) return -1;
    if (rb !== undefined) return 1;
    return a.createdAt - b.createdAt;
  });
  return recs.map((r) =>
    createTab(
      {
        title: r.title,
        query: r.query,
        variables: r.variables,
        headers: headers[r.id] ?? '',
        operationName: r.operationName,
      },
      r.id,
    ),
  );
}
