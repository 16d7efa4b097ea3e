/**
 * A structural diff of two JSON values: the paths whose values were added, removed or changed,
 * not a diff of their text (member order and layout do not count). Objects are compared by key;
 * arrays by index (an item inserted near the start shows as a change at every later index, so
 * the result says when an array differed). An added or removed subtree, or a value whose type
 * changed, is one path. Iterative, so any depth works. Pure: the compare worker runs it.
 */

type ChangeKind = 'added' | 'removed' | 'changed';

interface PathChange {
  /** JSONPath of the value: `$.data.users.nodes[2].name`, `$['a key']`. */
  path: string;
  kind: ChangeKind;
  /** Short JSON text of the value before (absent for `added`). */
  before?: string;
  /** Short JSON text of the value after (absent for `removed`). */
  after?: string;
}

export interface JsonDiff {
  /** The first `limit` changed paths, in document order. */
  changes: PathChange[];
  /** All changed paths (more than `changes.length` when the list was cut). */
  total: number;
  counts: Record<ChangeKind, number>;
  /** An array differed (compared by index: an insertion shifts every later item). */
  arrays: boolean;
}

/** Characters of a value shown before and after. */
const PREVIEW_CHARS = 120;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The JSONPath of `key` under `parent`: `.name` for identifiers, `['…']` otherwise. */
export function childPath(parent: string, key: string | number): string {
  if (typeof key === 'number') return `${parent}[${key}]`;
  if (IDENTIFIER.test(key)) return `${parent}.${key}`;
  return `${parent}['${key.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}']`;
}

type Kind = 'null' | 'boolean' | 'number' | 'string' | 'array' | 'object';

function kindOf(v: unknown): Kind {
  if (v === null || v === undefined) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v as Kind;
}

/**
 * JSON text of `v` cut to `max` characters (with `…`): written only as far as it is shown, so a
 * 10 MB subtree costs no more than a short one.
 */
export function shortJson(v: unknown, max = PREVIEW_CHARS): string {
  let out = '';
  const full = () => out.length > max;
  const write = (x: unknown): void => {
    if (full()) return;
    const k = kindOf(x);
    if (k === 'array') {
      out += '[';
      (x as unknown[]).some((item, i) => {
        if (i > 0) out += ',';
        write(item);
        return full();
      });
      out += ']';
    } else if (k === 'object') {
      out += '{';
      Object.entries(x as Record<string, unknown>).some(([key, item], i) => {
        if (i > 0) out += ',';
        out += JSON.stringify(key) + ':';
        write(item);
        return full();
      });
      out += '}';
    } else out += JSON.stringify(x ?? null);
  };
  write(v);
  return out.length > max ? out.slice(0, max - 1) + '…' : out;
}

/** A container being walked: its keys (an object's, then the other side's new ones) or indexes. */
interface Frame {
  b: unknown;
  a: unknown;
  /** Object keys of `b`, then those only `a` has (null for arrays). */
  keys: string[] | null;
  /** How many of `keys` (or indexes) come from `b`. */
  fromB: number;
  length: number;
  i: number;
  parent: Frame | null;
  /** This container's key in its parent. */
  key: string | number;
  inArray: boolean;
}

function pathOf(frame: Frame | null, key: string | number | null): string {
  const keys: (string | number)[] = key === null ? [] : [key];
  for (let f = frame; f && f.parent; f = f.parent) keys.push(f.key);
  let path = '$';
  for (let k = keys.length - 1; k >= 0; k--) path = childPath(path, keys[k]!);
  return path;
}

/**
 * `before` and `after` compared; at most `limit` changes are listed, all are counted. A walk in
 * document order over both at once, a frame per container and nothing per leaf: a path's text is
 * built only for the changes listed (two 70 M character responses compare in seconds).
 */
export function diffJson(before: unknown, after: unknown, limit = 500): JsonDiff {
  const result: JsonDiff = {
    changes: [],
    total: 0,
    counts: { added: 0, removed: 0, changed: 0 },
    arrays: false,
  };
  const note = (
    kind: ChangeKind,
    frame: Frame | null,
    key: string | number | null,
    b: unknown,
    a: unknown,
    inArray: boolean,
  ) => {
    result.total++;
    result.counts[kind]++;
    if (inArray) result.arrays = true;
    if (result.changes.length >= limit) return;
    const change: PathChange = { path: pathOf(frame, key), kind };
    if (kind !== 'added') change.before = shortJson(b);
    if (kind !== 'removed') change.after = shortJson(a);
    result.changes.push(change);
  };
  /** A frame for two containers of one kind, or undefined when `b` and `a` are not that. */
  const open = (
    b: unknown,
    a: unknown,
    parent: Frame | null,
    key: string | number,
    inArray: boolean,
  ): Frame | undefined => {
    const kb = kindOf(b);
    if (kb !== kindOf(a)) return undefined;
    if (kb === 'array') {
      const xs = b as unknown[];
      const ys = a as unknown[];
      const length = Math.max(xs.length, ys.length);
      return { b, a, keys: null, fromB: xs.length, length, i: 0, parent, key, inArray: true };
    }
    if (kb !== 'object') return undefined;
    const xs = b as Record<string, unknown>;
    const ys = a as Record<string, unknown>;
    const keys = Object.keys(xs);
    const fromB = keys.length;
    for (const k of Object.keys(ys)) if (!Object.hasOwn(xs, k)) keys.push(k);
    return { b, a, keys, fromB, length: keys.length, i: 0, parent, key, inArray };
  };
  /** Compares one pair; returns the frame to walk into when both are containers of a kind. */
  const visit = (
    b: unknown,
    a: unknown,
    frame: Frame | null,
    key: string | number | null,
    inArray: boolean,
  ): Frame | undefined => {
    if (b === a) return undefined;
    const inner = open(b, a, frame, key ?? '$', inArray);
    if (inner) return inner;
    const kb = kindOf(b);
    // Two different scalars of one kind, or values of two kinds: one change either way.
    if (kb !== kindOf(a) || (kb !== 'array' && kb !== 'object')) {
      note('changed', frame, key, b, a, inArray);
    }
    return undefined;
  };

  const root = visit(before, after, null, null, false);
  const stack: Frame[] = root ? [root] : [];
  while (stack.length) {
    const f = stack[stack.length - 1]!;
    if (f.i >= f.length) {
      stack.pop();
      continue;
    }
    const i = f.i++;
    let inner: Frame | undefined;
    if (f.keys === null) {
      const xs = f.b as unknown[];
      const ys = f.a as unknown[];
      if (i >= ys.length) note('removed', f, i, xs[i], undefined, true);
      else if (i >= xs.length) note('added', f, i, undefined, ys[i], true);
      else inner = visit(xs[i], ys[i], f, i, true);
    } else {
      const k = f.keys[i]!;
      const xs = f.b as Record<string, unknown>;
      const ys = f.a as Record<string, unknown>;
      if (i >= f.fromB) note('added', f, k, undefined, ys[k], f.inArray);
      else if (!Object.hasOwn(ys, k)) note('removed', f, k, xs[k], undefined, f.inArray);
      else inner = visit(xs[k], ys[k], f, k, f.inArray);
    }
    if (inner) stack.push(inner);
  }
  return result;
}
