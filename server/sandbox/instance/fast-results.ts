/**
 * A fast path for big search responses (`count:60000`): graphql-js spends ~4 µs per resolved
 * field, too slow for 50 MB. When a search returns many results and the selection on them uses
 * only plain fields (no arguments, no directives), the results list is serialized here directly
 * and spliced into the response; everything else still goes through graphql-js. The output is
 * byte-for-byte what graphql-js would produce (tested in fast-results.test.ts).
 */
import { Kind, type FieldNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
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
  render(emit: (chunk: string) => void | Promise<void>): Promise<void>;
}

/** Characters per emitted chunk: few, large writes. */
const CHUNK_CHARS = 1 << 20;

type Leaf = (v: never) => unknown;
interface TypeSpec {
  leaves: Record<string, Leaf>;
  /** Leaves whose JSON text is produced directly (same text as JSON.stringify of the leaf). */
  json?: Record<string, (v: never) => string>;
  objects: Record<string, { type: string; get: (v: never) => unknown; list?: boolean }>;
}

/** Each pool line plus its line break, as JSON string content (no quotes); per pool. */
const escapedPools = new WeakMap<string[], string[]>();

/**
 * A file's content as JSON: generated files are pool lines (data.ts), so their escaped forms
 * are joined instead of escaping ~0.5 KB per file again (JSON.stringify escapes per character,
 * so the text is the same).
 */
function contentJson(f: FileRecord): string {
  if (!f.lineIds) return JSON.stringify(f.content);
  const pool = linePool(f.repo.language);
  let escaped = escapedPools.get(pool);
  if (!escaped) {
    escaped = pool.map((line) => JSON.stringify(line + '\n').slice(1, -1));
    escapedPools.set(pool, escaped);
  }
  let s = '"';
  for (const id of f.lineIds) s += escaped[id];
  return s + '"';
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
    json: { content: contentJson },
    objects: {},
  },
  LineMatch: {
    leaves: {
      __typename: () => 'LineMatch',
      preview: (l: LineMatch) => l.preview,
      lineNumber: (l: LineMatch) => l.lineNumber,
      offsetAndLengths: (l: LineMatch) => l.offsetAndLengths,
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

/** A compiled serializer for one type under one merged selection. */
type Writer = (value: never) => string;

function compile(
  type: string,
  sets: readonly SelectionSetNode[],
  info: GraphQLResolveInfo,
): Writer {
  const spec = SPECS[type];
  if (!spec) throw new Unsupported();
  const parts: ((v: never) => string)[] = [];
  let first = true;
  for (const [key, nodes] of collect(type, sets, info)) {
    const [node] = nodes;
    if (!node) continue;
    const name = node.name.value;
    if (nodes.some((n) => n.arguments?.length)) throw new Unsupported();
    const prefix = `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    const json = spec.json?.[name];
    if (json) {
      parts.push((v) => prefix + json(v));
      continue;
    }
    const leaf = spec.leaves[name];
    if (leaf) {
      parts.push((v) => prefix + JSON.stringify(leaf(v)));
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
      parts.push((v) => {
        const items = obj.get(v) as never[];
        let s = prefix + '[';
        let sep = '';
        for (const item of items) {
          s += sep + sub(item);
          sep = ',';
        }
        return s + ']';
      });
    } else {
      parts.push((v) => prefix + sub(obj.get(v) as never));
    }
  }
  return (v) => {
    let s = '{';
    for (const p of parts) s += p(v);
    return s + '}';
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
 * returns null to let graphql-js do it.
 */
export function fastResults(items: readonly SearchItem[], info: GraphQLResolveInfo): Splice | null {
  if (items.length < threshold) return null;
  try {
    const sets = info.fieldNodes
      .map((n) => n.selectionSet)
      .filter((s): s is SelectionSetNode => Boolean(s));
    if (info.fieldNodes.some((n) => n.directives?.length)) return null;
    const writers = new Map<string, Writer>();
    // Compile up front, so an unsupported selection falls back before anything is written.
    for (const item of items) {
      const type = itemType(item);
      if (!writers.has(type)) writers.set(type, compile(type, sets, info));
    }
    const render = async (emit: (chunk: string) => void | Promise<void>) => {
      // Parts joined once per chunk (one flat string, not a rope of thousands of appends).
      let parts: string[] = ['['];
      let size = 1;
      for (const [i, item] of items.entries()) {
        const json = (writers.get(itemType(item)) as Writer)(itemValue(item) as never);
        parts.push(i > 0 ? ',' + json : json);
        size += json.length;
        if (size >= CHUNK_CHARS) {
          await emit(parts.join(''));
          parts = [];
          size = 0;
        }
      }
      parts.push(']');
      await emit(parts.join(''));
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
    for (const key of s.path.slice(0, -1)) {
      node =
        node && typeof node === 'object'
          ? (node as Record<string | number, unknown>)[key]
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
