/**
 * The lists of objects in a response's `data` a table can show, shallowest first (breadth-first,
 * members in the order they arrived): `data.users`, `data.repositories.nodes`, … Lists inside a
 * list's items are not searched (they are cells of that list's rows). A connection's
 * `edges: [{ cursor, node }]` is shown as its nodes (`….edges[].node`), as the node's fields are
 * what a reader came for. Pure.
 */

export interface FoundList {
  /** Where the list is: `data.repositories.nodes`, `data.search.edges[].node`. */
  path: string;
  /** The rows: objects, or null where the list holds null. */
  rows: readonly unknown[];
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Every item is an object or null, and at least one is an object. */
function isListOfObjects(list: readonly unknown[]): boolean {
  let objects = 0;
  for (const item of list) {
    if (isObject(item)) objects++;
    else if (item !== null) return false;
  }
  return objects > 0;
}

/** A connection's edges: each one has a `node` (an object or null), at least one an object. */
function edgeNodes(list: readonly unknown[]): unknown[] | undefined {
  let objects = 0;
  const nodes: unknown[] = [];
  for (const edge of list) {
    if (edge === null) {
      nodes.push(null);
      continue;
    }
    if (!isObject(edge) || !Object.hasOwn(edge, 'node')) return undefined;
    const node = edge.node;
    if (isObject(node)) objects++;
    else if (node !== null) return undefined;
    nodes.push(node);
  }
  return objects > 0 ? nodes : undefined;
}

export function findLists(data: unknown): FoundList[] {
  const found: FoundList[] = [];
  if (!isObject(data)) return found;
  let level: { value: Json; path: string }[] = [{ value: data, path: 'data' }];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { value, path } of level) {
      for (const [key, child] of Object.entries(value)) {
        const at = `${path}.${key}`;
        if (isObject(child)) next.push({ value: child, path: at });
        else if (Array.isArray(child) && isListOfObjects(child)) {
          const nodes = edgeNodes(child);
          found.push(nodes ? { path: `${at}[].node`, rows: nodes } : { path: at, rows: child });
        }
      }
    }
    level = next;
  }
  return found;
}
