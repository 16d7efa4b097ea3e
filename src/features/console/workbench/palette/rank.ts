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

/** fuzzysort's prepared targets per kind, made once per list of items (the palette reuses its list). */
const prepared = new WeakMap<readonly PaletteItem[], Map<PaletteKind, SnapshotKeys<PaletteItem>>>();

/**
 * Prepares `items` for ranking (a large schema's fields take a moment): the palette calls it once
 * it has painted, so the first key typed does not wait for it.
 */
export function snapshotsOf(items: readonly PaletteItem[]) {
  let byKind = prepared.get(items);
  if (!byKind) {
    byKind = new Map();
    for (const kind of ORDER) {
      const ofKind = items.filter((i) => i.kind === kind);
      if (ofKind.length)
        byKind.set(kind, fuzzysort.snapshot(ofKind, { keys: ['title', (i) => i.keywords] }));
    }
    prepared.set(items, byKind);
  }
  return byKind;
}

/**
 * The list for `query`, fuzzy (fuzzysort: Sublime Text-like, over the title and the keywords)
 * and grouped by kind. Searching, each kind is ranked on its own and keeps its best
 * `SHOWN_SEARCHED` (a schema's thousands of fields never push a command out, and fuzzysort's
 * limit keeps a short query over them fast); groups come in the order of their best match, so
 * the first option is the best of all. While nothing is typed, groups and items keep their
 * sources' order. Empty groups are left out.
 */
export function rankItems(items: readonly PaletteItem[], query: string): PaletteGroup[] {
  const q = query.trim();
  const groups: (PaletteGroup & { best: number })[] = [];
  if (!q) {
    for (const kind of ORDER) {
      const shown = items.filter((i) => i.kind === kind).slice(0, SHOWN_UNSEARCHED[kind]);
      if (shown.length)
        groups.push({
          kind,
          title: GROUP_TITLES[kind],
          best: 0,
          items: shown.map((item) => ({ item, marks: [] })),
        });
    }
    return groups;
  }
  for (const [kind, targets] of snapshotsOf(items)) {
    const results = fuzzysort.go(q, targets, { threshold: THRESHOLD, limit: SHOWN_SEARCHED });
    if (results.length)
      groups.push({
        kind,
        title: GROUP_TITLES[kind],
        best: results[0]!.score,
        items: results.map((r) => ({ item: r.obj, marks: r[0]?.indexes ?? [] })),
      });
  }
  // Stable: groups with equal best scores keep the order of ORDER.
  return groups.sort((a, b) => b.best - a.best);
}
