import {
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLSchema,
} from 'graphql';

/** What a search hit points at. */
type SearchKind = 'type' | 'field' | 'input-field' | 'argument' | 'enum-value';

/** One searchable schema element. Plain data: it crosses the worker boundary. */
interface SearchEntry {
  kind: SearchKind;
  name: string;
  /** Type that owns it (the type itself for kind 'type'). */
  type: string;
  /** Field that owns an argument, or the field/input field/enum value itself. */
  field?: string;
  arg?: string;
  /** Short description (first 160 chars), for display. */
  summary: string;
  deprecated: boolean;
}

/** A prepared index: entries plus lower-cased keys, so a keystroke costs one linear scan. */
export interface SearchIndex {
  entries: SearchEntry[];
  names: string[];
  descriptions: string[];
}

export interface SearchHit extends SearchEntry {
  /** 0 exact, 1 prefix, 2 substring, 3 description. */
  rank: number;
}

const KIND_ORDER: Record<SearchKind, number> = {
  type: 0,
  field: 1,
  'input-field': 2,
  'enum-value': 3,
  argument: 4,
};

function summary(d: string | null | undefined): string {
  if (!d) return '';
  const one = d.replace(/\s+/g, ' ').trim();
  return one.length > 160 ? `${one.slice(0, 157)}…` : one;
}

/** Builds the index of types, fields, input fields, arguments and enum values (introspection types skipped). */
export function buildSearchIndex(schema: GraphQLSchema): SearchIndex {
  const entries: SearchEntry[] = [];
  const descriptions: string[] = [];
  const add = (e: SearchEntry, description: string | null | undefined) => {
    entries.push(e);
    descriptions.push((description ?? '').toLowerCase());
  };
  for (const t of Object.values(schema.getTypeMap())) {
    if (t.name.startsWith('__')) continue;
    add(
      {
        kind: 'type',
        name: t.name,
        type: t.name,
        summary: summary(t.description),
        deprecated: false,
      },
      t.description,
    );
    if (isObjectType(t) || isInterfaceType(t)) {
      for (const f of Object.values(t.getFields())) {
        add(
          {
            kind: 'field',
            name: f.name,
            type: t.name,
            field: f.name,
            summary: summary(f.description),
            deprecated: f.deprecationReason != null,
          },
          f.description,
        );
        for (const a of f.args) {
          add(
            {
              kind: 'argument',
              name: a.name,
              type: t.name,
              field: f.name,
              arg: a.name,
              summary: summary(a.description),
              deprecated: a.deprecationReason != null,
            },
            a.description,
          );
        }
      }
    } else if (isInputObjectType(t)) {
      for (const f of Object.values(t.getFields())) {
        add(
          {
            kind: 'input-field',
            name: f.name,
            type: t.name,
            field: f.name,
            summary: summary(f.description),
            deprecated: f.deprecationReason != null,
          },
          f.description,
        );
      }
    } else if (isEnumType(t)) {
      for (const v of t.getValues()) {
        add(
          {
            kind: 'enum-value',
            name: v.name,
            type: t.name,
            field: v.name,
            summary: summary(v.description),
            deprecated: v.deprecationReason != null,
          },
          v.description,
        );
      }
    }
  }
  // Sort once by the static tie-breakers so that a search only buckets by rank.
  const order = entries.map((entry, i) => ({ entry, description: descriptions[i] ?? '' }));
  order.sort((x, y) => staticOrder(x.entry, y.entry));
  const sorted = order.map((o) => o.entry);
  return {
    entries: sorted,
    names: sorted.map((e) => e.name.toLowerCase()),
    descriptions: order.map((o) => o.description),
  };
}

function staticOrder(a: SearchEntry, b: SearchEntry): number {
  return (
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    Number(a.deprecated) - Number(b.deprecated) ||
    a.name.length - b.name.length ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
    a.type.length - b.type.length ||
    (a.type < b.type ? -1 : a.type > b.type ? 1 : 0)
  );
}

/**
 * Ranked search: exact name, then prefix, then substring, then description matches; within a
 * rank, types before fields before arguments (exact case first among exact matches), non-deprecated
 * first, shorter names first, then alphabetical, then members of shorter-named types first. `Type.field` narrows to members of types whose
 * name starts with `Type`. One linear scan over pre-sorted entries: no per-keystroke sort.
 */
export function searchSchema(index: SearchIndex, query: string, limit = 50): SearchHit[] {
  let q = query.trim().toLowerCase();
  if (!q) return [];
  let owner: string | undefined;
  const dot = q.indexOf('.');
  if (dot > 0) {
    owner = q.slice(0, dot);
    q = q.slice(dot + 1);
  }
  const buckets: [number[], number[], number[], number[]] = [[], [], [], []];
  const { entries, names, descriptions } = index;
  for (const [i, e] of entries.entries()) {
    const n = names[i] ?? '';
    if (owner !== undefined) {
      if (e.kind === 'type' || !e.type.toLowerCase().startsWith(owner)) continue;
      if (!q) buckets[1].push(i);
      else if (n === q) buckets[0].push(i);
      else if (n.startsWith(q)) buckets[1].push(i);
      else if (n.includes(q)) buckets[2].push(i);
      continue;
    }
    if (n === q) buckets[0].push(i);
    else if (n.startsWith(q)) buckets[1].push(i);
    else if (n.includes(q)) buckets[2].push(i);
    else if (
      q.length >= 3 &&
      buckets[0].length + buckets[1].length + buckets[2].length + buckets[3].length < limit &&
      descriptions[i]?.includes(q)
    )
      buckets[3].push(i);
  }
  const exactCase = query.trim().slice(dot > 0 ? dot + 1 : 0);
  buckets[0].sort((x, y) => {
    const a = entries[x];
    const b = entries[y];
    if (!a || !b) return x - y;
    return (
      KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
      Number(b.name === exactCase) - Number(a.name === exactCase) ||
      x - y
    );
  });
  const hits: SearchHit[] = [];
  for (const [rank, bucket] of buckets.entries()) {
    if (hits.length >= limit) break;
    for (const i of bucket) {
      if (hits.length >= limit) break;
      const e = entries[i];
      if (e) hits.push({ ...e, rank });
    }
  }
  return hits;
}
