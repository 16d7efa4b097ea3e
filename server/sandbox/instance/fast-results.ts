/**
 * A fast path for big search responses (`count:60000`): graphql-js resolves every field on its
 * own, too slow for 50 MB. When a search returns many results and the selection on them uses
 * only plain fields (no arguments, no directives), the results list is serialized here directly
 * and spliced into the response; everything else still goes through graphql-js. The output is
 * byte-for-byte what graphql-js would produce (tested in fast-results.test.ts).
 */
import {
  Kind,
  print,
  type FieldNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import { BoundedCache } from '../bounded-cache.ts';
import { linePool, type FileRecord, type RepoRecord } from './data.ts';
import type { LineMatch, SearchItem } from './search.ts';

/** Results lists shorter than this go through graphql-js. */
let threshold = 1000;

/** For tests: lower the threshold so small results take the fast path too. */
export function setFastPathThreshold(n: number): void {
  threshold = n;
}

export interface Splice {
  path: (string | number)[];
  /** Emits the list's JSON in chunks; awaits the sink (backpressure) between chunks. */
  render(emit: (chunk: Buffer) => void | Promise<void>): Promise<void>;
}

/** Pieces per emitted chunk (~1 MB for the bench selection): few, large writes. */
const CHUNK_PIECES = 1 << 16;

/** A results list as sent: its UTF-8 chunks, and how many results it holds. */
interface Rendered {
  chunks: Buffer[];
  count: number;
}

/**
 * Results lists already sent, per search and selection: a repeated big search (the benchmarks
 * alternate a 10 MB and a 50 MB one) is answered from its bytes instead of generating and
 * serializing 60,000 files again. Bounded, so the sandbox's memory stays flat: the 10 MB and
 * 50 MB lists of the benchmarks fit together; outside the JS heap (Buffers).
 */
const rendered = new BoundedCache<Rendered>(8, 64 * 1024 * 1024, (r) =>
  r.chunks.reduce((n, c) => n + c.length, 0),
);

/**
 * What the serialized list depends on besides the search: the selection on it (fields,
 * aliases, fragments). Arguments and directives never reach here (the fast path refuses them).
 */
function selectionKey(info: GraphQLResolveInfo): string {
  const parts = info.fieldNodes.map((n) => print(n));
  for (const frag of Object.values(info.fragments)) parts.push(print(frag));
  return parts.join('\n');
}

type Leaf = (v: never) => unknown;
interface TypeSpec {
  leaves: Record<string, Leaf>;
  /**
   * Leaves whose JSON text is produced directly (the same text as JSON.stringify of the leaf),
   * pushed onto `out` in one or more pieces.
   */
  json?: Record<string, (v: never, out: string[]) => void>;
  objects: Record<string, { type: string; get: (v: never) => unknown; list?: boolean }>;
}

/** Each pool line plus its line break, as JSON string content (no quotes); per pool. */
const escapedPools = new WeakMap<string[], string[]>();

/**
 * A file's content as JSON: generated files are pool lines (data.ts), so their escaped forms
 * are joined instead of escaping ~0.5 KB per file again (JSON.stringify escapes per character,
 * so the text is the same).
 */
function contentJson(f: FileRecord, out: string[]): void {
  if (!f.lineIds) {
    out.push(JSON.stringify(f.content));
    return;
  }
  const pool = linePool(f.repo.language);
  let escaped = escapedPools.get(pool);
  if (!escaped) {
    escaped = pool.map((line) => JSON.stringify(line + '\n').slice(1, -1));
    escapedPools.set(pool, escaped);
  }
  out.push('"');
  for (const id of f.lineIds) out.push(escaped[id] ?? '');
  out.push('"');
}

/** UTF-8 byte length of each pool line plus its line break; per pool. */
const poolByteLengths = new WeakMap<string[], number[]>();

/** A file's byte size without building its text: the sum over its pool lines. */
function byteSize(f: FileRecord): number {
  if (!f.lineIds) return Buffer.byteLength(f.content);
  const pool = linePool(f.repo.language);
  let lengths = poolByteLengths.get(pool);
  if (!lengths) {
    lengths = pool.map((line) => Buffer.byteLength(line) + 1);
    poolByteLengths.set(pool, lengths);
  }
  let n = 0;
  for (const id of f.lineIds) n += lengths[id] ?? 0;
  return n;
}

/**
 * JSON texts of the strings that recur in big results (pool lines as line-match previews),
 * so each is escaped once instead of once per match. Bounded: cleared when full.
 */
const stringJson = new Map<string, string>();
const STRING_JSON_MAX = 20_000;

function memoStringJson(s: string): string {
  let json = stringJson.get(s);
  if (json === undefined) {
    if (stringJson.size >= STRING_JSON_MAX) stringJson.clear();
    json = JSON.stringify(s);
    stringJson.set(s, json);
  }
  return json;
}

/**
 * JSON texts of match ranges: search.ts computes them once per pool line and shares the array
 * between every match of that line, so the text is kept per array.
 */
const rangesJson = new WeakMap<number[][], string>();

function memoRangesJson(ranges: number[][]): string {
  let json = rangesJson.get(ranges);
  if (json === undefined) {
    json = JSON.stringify(ranges);
    rangesJson.set(ranges, json);
  }
  return json;
}

function repoId(r: RepoRecord): string {
  return Buffer.from(`Repository:${r.index + 1}`).toString('base64');
}

const SPECS: Record<string, TypeSpec> = {
  FileMatch: {
    leaves: {
      __typename: () => 'FileMatch',
      revSpec: () => null,
      limitHit: () => false,
    },
    objects: {
      file: { type: 'GitBlob', get: (i: Extract<SearchItem, { kind: 'file' }>) => i.file },
      repository: {
        type: 'Repository',
        get: (i: Extract<SearchItem, { kind: 'file' }>) => i.file.repo,
      },
      lineMatches: {
        type: 'LineMatch',
        list: true,
        get: (i: Extract<SearchItem, { kind: 'file' }>) => i.lineMatches,
      },
    },
  },
  GitBlob: {
    leaves: {
      __typename: () => 'GitBlob',
      path: (f: FileRecord) => f.path,
      name: (f: FileRecord) => f.path.slice(f.path.lastIndexOf('/') + 1),
      isDirectory: () => false,
      content: (f: FileRecord) => f.content,
      byteSize: (f: FileRecord) => Buffer.byteLength(f.content),
      binary: () => false,
      url: (f: FileRecord) => `/${f.repo.name}/-/blob/${f.path}`,
    },
    json: {
      content: contentJson,
      byteSize: (f: FileRecord, out) => void out.push(String(byteSize(f))),
    },
    objects: {},
  },
  LineMatch: {
    leaves: {
      __typename: () => 'LineMatch',
      preview: (l: LineMatch) => l.preview,
      lineNumber: (l: LineMatch) => l.lineNumber,
      offsetAndLengths: (l: LineMatch) => l.offsetAndLengths,
    },
    json: {
      preview: (l: LineMatch, out) => void out.push(memoStringJson(l.preview)),
      offsetAndLengths: (l: LineMatch, out) => void out.push(memoRangesJson(l.offsetAndLengths)),
    },
    objects: {},
  },
  Repository: {
    leaves: {
      __typename: () => 'Repository',
      id: (r: RepoRecord) => repoId(r),
      name: (r: RepoRecord) => r.name,
      uri: (r: RepoRecord) => r.name,
      description: (r: RepoRecord) => r.description,
      language: (r: RepoRecord) => r.language,
      createdAt: (r: RepoRecord) => r.createdAt,
      updatedAt: (r: RepoRecord) => r.updatedAt,
      url: (r: RepoRecord) => `/${r.name}`,
      isFork: (r: RepoRecord) => r.isFork,
      isArchived: (r: RepoRecord) => r.isArchived,
      isPrivate: (r: RepoRecord) => r.isPrivate,
      stars: (r: RepoRecord) => r.stars,
    },
    objects: {},
  },
};

const ABSTRACT: Record<string, string[]> = {
  SearchResult: ['FileMatch', 'CommitSearchResult', 'Repository'],
  Node: ['Repository', 'User', 'GitCommit', 'SavedSearch'],
};

class Unsupported extends Error {}

function applies(condition: string | undefined, type: string): boolean {
  return !condition || condition === type || (ABSTRACT[condition]?.includes(type) ?? false);
}

/** graphql-js's CollectFields for one concrete type, refusing directives. */
function collect(
  type: string,
  sets: readonly SelectionSetNode[],
  info: GraphQLResolveInfo,
  out = new Map<string, FieldNode[]>(),
  seen = new Set<string>(),
): Map<string, FieldNode[]> {
  for (const set of sets) {
    for (const sel of set.selections) {
      if (sel.directives?.length) throw new Unsupported();
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const list = out.get(key);
        if (list) list.push(sel);
        else out.set(key, [sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        if (applies(sel.typeCondition?.name.value, type))
          collect(type, [sel.selectionSet], info, out, seen);
      } else {
        const name = sel.name.value;
        if (seen.has(name)) continue;
        seen.add(name);
        const frag = info.fragments[name];
        if (!frag) throw new Unsupported();
        if (frag.directives?.length) throw new Unsupported();
        if (applies(frag.typeCondition.name.value, type))
          collect(type, [frag.selectionSet], info, out, seen);
      }
    }
  }
  return out;
}

/**
 * A compiled serializer for one type under one merged selection: pushes the value's JSON onto
 * `out` piece by piece (joined once per chunk: no intermediate strings per field or item).
 */
type Writer = (value: never, out: string[]) => void;

function compile(
  type: string,
  sets: readonly SelectionSetNode[],
  info: GraphQLResolveInfo,
): Writer {
  const spec = SPECS[type];
  if (!spec) throw new Unsupported();
  const parts: Writer[] = [];
  let first = true;
  for (const [key, nodes] of collect(type, sets, info)) {
    const [node] = nodes;
    if (!node) continue;
    const name = node.name.value;
    if (nodes.some((n) => n.arguments?.length)) throw new Unsupported();
    // The object's opening brace goes with its first field's name.
    const prefix = `${first ? '{' : ','}${JSON.stringify(key)}:`;
    first = false;
    const json = spec.json?.[name];
    if (json) {
      parts.push((v, out) => {
        out.push(prefix);
        json(v, out);
      });
      continue;
    }
    const leaf = spec.leaves[name];
    if (leaf) {
      parts.push((v, out) => void out.push(prefix, JSON.stringify(leaf(v))));
      continue;
    }
    const obj = spec.objects[name];
    if (!obj) throw new Unsupported();
    const sub = compile(
      obj.type,
      nodes.map((n) => n.selectionSet).filter((s): s is SelectionSetNode => Boolean(s)),
      info,
    );
    if (obj.list) {
      const open = prefix + '[';
      parts.push((v, out) => {
        const items = obj.get(v) as never[];
        out.push(open);
        for (let i = 0; i < items.length; i++) {
          if (i) out.push(',');
          sub(items[i] as never, out);
        }
        out.push(']');
      });
    } else {
      parts.push((v, out) => {
        out.push(prefix);
        sub(obj.get(v) as never, out);
      });
    }
  }
  return (v, out) => {
    for (const p of parts) p(v, out);
    out.push('}');
  };
}

function itemType(item: SearchItem): string {
  return item.kind === 'file'
    ? 'FileMatch'
    : item.kind === 'repo'
      ? 'Repository'
      : 'CommitSearchResult';
}

function itemValue(item: SearchItem): unknown {
  return item.kind === 'repo' ? item.repo : item;
}

function responsePath(info: GraphQLResolveInfo): (string | number)[] {
  const out: (string | number)[] = [];
  for (let p: GraphQLResolveInfo['path'] | undefined = info.path; p; p = p.prev) out.unshift(p.key);
  return out;
}

/**
 * Serializes a search's results list directly when it is big and the selection allows;
 * returns null to let graphql-js do it. `searchKey` names the search (its query, pattern type
 * and version): with the selection it keys the cache of lists already sent, and a list found
 * there is sent again without running the search (`items` is then never called).
 */
export function fastResults(
  searchKey: string,
  items: () => readonly SearchItem[],
  info: GraphQLResolveInfo,
): Splice | null {
  if (info.fieldNodes.some((n) => n.directives?.length)) return null;
  const key = `${searchKey}\n${selectionKey(info)}`;
  const kept = rendered.get(key);
  if (kept && kept.count >= threshold) {
    return {
      path: responsePath(info),
      render: async (emit) => {
        for (const chunk of kept.chunks) await emit(chunk);
      },
    };
  }
  const list = items();
  if (list.length < threshold) return null;
  try {
    const sets = info.fieldNodes
      .map((n) => n.selectionSet)
      .filter((s): s is SelectionSetNode => Boolean(s));
    const writers = new Map<string, Writer>();
    // Compile up front, so an unsupported selection falls back before anything is written.
    for (const item of list) {
      const type = itemType(item);
      if (!writers.has(type)) writers.set(type, compile(type, sets, info));
    }
    const render = async (emit: (chunk: Buffer) => void | Promise<void>) => {
      const chunks: Buffer[] = [];
      const send = (text: string) => {
        const chunk = Buffer.from(text);
        chunks.push(chunk);
        return emit(chunk);
      };
      // Pieces joined once per chunk (one flat string, not a rope of thousands of appends).
      let parts: string[] = ['['];
      for (let i = 0; i < list.length; i++) {
        const item = list[i] as SearchItem;
        if (i > 0) parts.push(',');
        (writers.get(itemType(item)) as Writer)(itemValue(item) as never, parts);
        if (parts.length >= CHUNK_PIECES) {
          await send(parts.join(''));
          parts = [];
        }
      }
      parts.push(']');
      await send(parts.join(''));
      // Only a list sent whole is kept (a client that went away stops the rendering midway).
      rendered.set(key, { chunks, count: list.length });
    };
    return { path: responsePath(info), render };
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

/**
 * Serializes `value` into text parts with each splice in place of the placeholder at its path
 * (splices whose path no longer exists, e.g. nulled by an error, are dropped).
 */
export function stringifyWithSplices(
  value: Record<string, unknown>,
  splices: Splice[],
): (string | Splice)[] {
  const marks: [string, Splice][] = [];
  splices.forEach((s, i) => {
    let node: unknown = value;
    for (let k = 0; k < s.path.length - 1; k++) {
      node =
        node && typeof node === 'object'
          ? (node as Record<string | number, unknown>)[s.path[k] as string | number]
          : undefined;
    }
    const last = s.path.at(-1);
    if (last !== undefined && node && typeof node === 'object' && last in node) {
      const mark = `\u0000splice${i}\u0000`;
      (node as Record<string | number, unknown>)[last] = mark;
      marks.push([JSON.stringify(mark), s]);
    }
  });
  const parts: (string | Splice)[] = [JSON.stringify(value)];
  for (const [mark, splice] of marks) {
    const text = parts.pop() as string;
    const at = text.indexOf(mark);
    if (at === -1) {
      parts.push(text);
      continue;
    }
    parts.push(text.slice(0, at), splice, text.slice(at + mark.length));
  }
  return parts;
}
