/**
 * A list's rows as a table: one column per leaf path of the rows' objects (the union over all
 * rows, in the order paths first appear), nested objects flattened with dotted names
 * (`owner.login`). A cell is the value at its path:
 * - a scalar as it is; `null` (the value, or an object on the way, is null) and `undefined` (the
 *   path is not in this row) are kept apart from an empty text;
 * - a list of scalars joined with ", " (null items as `null`);
 * - a list holding objects or lists as a `NestedList` (shown as a count, exported as JSON);
 * - an object where other rows have a scalar (a union's members can differ) as its JSON.
 * Pure.
 */

/** A list of objects (or of lists) inside a cell. */
export class NestedList {
  constructor(readonly items: readonly unknown[]) {}
}

export type Cell = string | number | boolean | null | undefined | NestedList;

export interface FlatTable {
  /** Dotted paths, one per column. */
  columns: string[];
  /** Row-major: `rows[r][c]`. */
  rows: Cell[][];
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What the rows hold at one path. */
interface PathNode {
  children: Map<string, PathNode>;
  /** Some row has a scalar or a list here. */
  leaf: boolean;
  /** Some row has an object here. */
  object: boolean;
}

function pathNode(): PathNode {
  return { children: new Map(), leaf: false, object: false };
}

function collect(node: PathNode, value: Json): void {
  for (const key of Object.keys(value)) {
    const v = value[key];
    let child = node.children.get(key);
    if (!child) node.children.set(key, (child = pathNode()));
    if (isObject(v)) {
      child.object = true;
      collect(child, v);
    } else if (v !== null && v !== undefined) child.leaf = true;
  }
}

/** Columns in first-seen order: a path that only ever held null is a column of its own. */
function columnPaths(node: PathNode, prefix: string[], out: string[][]): void {
  for (const [key, child] of node.children) {
    const path = [...prefix, key];
    const before = out.length;
    if (child.leaf || !child.object) out.push(path);
    if (child.object) columnPaths(child, path, out);
    // Objects that are empty in every row still get a column, so the row says so.
    if (child.object && out.length === before) out.push(path);
  }
}

function joinScalars(list: readonly unknown[]): string | NestedList {
  for (const item of list)
    if (typeof item === 'object' && item !== null) return new NestedList(list);
  return list.map((item) => (item === null ? 'null' : String(item))).join(', ');
}

/** The cell of `row` at `path`. */
export function cellAt(row: unknown, path: readonly string[]): Cell {
  let v: unknown = row;
  for (const key of path) {
    if (v === null) return null;
    if (!isObject(v) || !Object.hasOwn(v, key)) return undefined;
    v = v[key];
  }
  if (v === null || v === undefined) return v;
  if (Array.isArray(v)) return joinScalars(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return v as string | number | boolean;
}

export function flattenRows(list: readonly unknown[]): FlatTable {
  const root = pathNode();
  for (const row of list) if (isObject(row)) collect(root, row);
  const paths: string[][] = [];
  columnPaths(root, [], paths);
  return {
    columns: paths.map((p) => p.join('.')),
    rows: list.map((row) => paths.map((p) => cellAt(row, p))),
  };
}
