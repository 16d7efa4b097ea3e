import fuzzysort, { type SnapshotKeys } from 'fuzzysort';
import { GROUP_TITLES, type PaletteItem, type PaletteKind } from './palette-item.ts';

/** An item as listed: with the positions of its title's characters the search matched. */
interface RankedItem {
  item: PaletteItem;
  marks: readonly number[];
}

/** One group of the list: a kind of item under its heading. */
export interface PaletteGroup {
  kind: PaletteKind;
  title: string;
  items: RankedItem[];
}

const ORDER = Object.keys(GROUP_TITLES) as PaletteKind[];

/**
 * How many items a group lists. While nothing is typed: every command, saved operation, recipe
 * and profile, the newest history entries, and no Docs (a schema has thousands of types and
 * fields; they come by name). While searching, each group's best matches.
 */
const SHOWN_UNSEARCHED: Readonly<Record<PaletteKind, number>> = {
  command: Infinity,
  saved: 100,
  diagnostics: Infinity,
  history: 10,
  docs: 0,
  profile: Infinity,
};
const SHOWN_SEARCHED = 30;

/** Scores under this are scattered letters that mean nothing ("docs" in "Who am I's description"). */
const THRESHOLD = 0.3;

/** fuzzysort's prepared targets, made once per list of items (the palette reuses its list). */
const prepared = new WeakMap<readonly PaletteItem[], SnapshotKeys<PaletteItem>>();

function snapshotOf(items: readonly PaletteItem[]) {
  let s = prepared.get(items);
  if (!s) {
    s = fuzzysort.snapshot(items, { keys: ['title', (i) => i.keywords] });
    prepared.set(items, s);
  }
  return s;
}

/**
 * The list for `query`, fuzzy (fuzzysort: Sublime Text-like, the title and the keywords, typos of
 * order not forgiven) and grouped by kind. Searching, groups come in the order of their best
 * match, so the first option is the best match of all, and items by score; while nothing is
 * typed, groups and items keep their sources' order. Empty groups are left out.
 */
export function rankItems(items: readonly PaletteItem[], query: string): PaletteGroup[] {
  const q = query.trim();
  const byKind = new Map<PaletteKind, { best: number; items: RankedItem[] }>();
  const add = (kind: PaletteKind, score: number, entry: RankedItem, limit: number) => {
    const g = byKind.get(kind) ?? { best: score, items: [] };
    byKind.set(kind, g);
    if (g.items.length < limit) g.items.push(entry);
  };
  if (!q) {
    for (const item of items)
      if (SHOWN_UNSEARCHED[item.kind] > 0)
        add(item.kind, 0, { item, marks: [] }, SHOWN_UNSEARCHED[item.kind]);
  } else {
    const results = fuzzysort.go(q, snapshotOf(items), { threshold: THRESHOLD, limit: 0 });
    for (const r of results)
      add(r.obj.kind, r.score, { item: r.obj, marks: r[0]?.indexes ?? [] }, SHOWN_SEARCHED);
  }
  return ORDER.filter((kind) => byKind.has(kind))
    .sort((a, b) => byKind.get(b)!.best - byKind.get(a)!.best)
    .map((kind) => ({ kind, title: GROUP_TITLES[kind], items: byKind.get(kind)!.items }));
}
