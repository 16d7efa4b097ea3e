/**
 * Where each element of an introspection result's `__schema.types` lies in its JSON text, so
 * that the page can parse one type's definition from the text it already holds
 * (`text.slice(start, end)`) instead of receiving every definition again as a string of its
 * own. Runs in the schema worker, on a text `JSON.parse` has accepted. Pure.
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;

/** A depth no container reaches. */
const NONE = -(2 ** 30);

/** Keys are read only this close to the root: `data.__schema.types` is three levels deep. */
const KEY_DEPTH = 3;

/** Whether an array opened at `depth` (containers open) is `__schema.types`. */
function isTypesArray(keys: readonly (string | undefined)[], depth: number): boolean {
  if (depth === 4) return keys[1] === 'data' && keys[2] === '__schema' && keys[3] === 'types';
  return depth === 3 && keys[1] === '__schema' && keys[2] === 'types';
}

/** Whether an object opened at `depth` (containers open) is `__schema`. */
function isSchemaObject(keys: readonly (string | undefined)[], depth: number): boolean {
  if (depth === 3) return keys[1] === 'data' && keys[2] === '__schema';
  return depth === 2 && keys[1] === '__schema';
}

/** Where the parts of an introspection result lie in its JSON text (offsets into it). */
export interface SchemaLayout {
  /** `[start, end)` of each object of `__schema.types`, two per type in order. */
  spans: Uint32Array;
  /** The `__schema` object: its `{` and its `}`. */
  schemaOpen: number;
  schemaClose: number;
  /** The `"types"` key's opening quote, and the `]` that ends its array. */
  typesKey: number;
  typesClose: number;
}

/**
 * The layout of `__schema` (or `data.__schema`) and of each object of its `types` in `text`;
 * undefined when the text holds no such array, or an element of it that is not an object.
 * Runs in the schema worker, before (or without) `JSON.parse`: a text it accepts may still be
 * invalid JSON elsewhere.
 */
export function schemaLayout(text: string): SchemaLayout | undefined {
  let spans = new Uint32Array(2048);
  /** The current key of each object open at depth 1..KEY_DEPTH, and where it starts. */
  const keys: (string | undefined)[] = [];
  const keyAt: number[] = [];
  let lastString: string | undefined;
  let lastStringAt = -1;
  let depth = 0;
  let schemaDepth = NONE;
  let schemaOpen = -1;
  let typesDepth = NONE;
  let typesKey = -1;
  let typesClose = -1;
  let found = 0;
  let start = -1;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      let j = i + 1;
      for (;;) {
        j = text.indexOf('"', j);
        if (j < 0) return undefined;
        let k = j - 1;
        while (text.charCodeAt(k) === BACKSLASH) k--;
        if ((j - 1 - k) % 2 === 0) break; // not escaped
        j++;
      }
      if (depth <= KEY_DEPTH) {
        lastString = text.slice(i + 1, j);
        lastStringAt = i;
      }
      i = j;
    } else if (c === COLON) {
      if (depth <= KEY_DEPTH) {
        keys[depth] = lastString;
        keyAt[depth] = lastStringAt;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === typesDepth) {
        if (c !== OPEN_OBJECT) return undefined;
        start = i;
      }
      depth++;
      if (depth <= KEY_DEPTH) keys[depth] = undefined;
      if (c === OPEN_OBJECT && schemaDepth < 0 && isSchemaObject(keys, depth)) {
        schemaDepth = depth;
        schemaOpen = i;
      } else if (c === OPEN_ARRAY && typesClose < 0 && isTypesArray(keys, depth)) {
        typesDepth = depth;
        typesKey = keyAt[depth - 1] ?? -1;
      }
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth === typesDepth && start >= 0) {
        if (2 * found + 2 > spans.length) {
          const more = new Uint32Array(spans.length * 2);
          more.set(spans);
          spans = more;
        }
        spans[2 * found] = start;
        spans[2 * found + 1] = i + 1;
        found++;
        start = -1;
      } else if (depth === typesDepth - 1) {
        typesClose = i;
        typesDepth = NONE; // read once: the directives' arrays lie at the same depth
      } else if (depth === schemaDepth - 1) {
        if (typesClose < 0) return undefined;
        return {
          spans: spans.slice(0, 2 * found),
          schemaOpen,
          schemaClose: i,
          typesKey,
          typesClose,
        };
      }
    }
  }
  return undefined;
}

/**
 * The `[start, end)` offsets of the `count` objects of `__schema.types` (or `data.__schema.types`)
 * in `text`, two per type in order; undefined when the text does not hold exactly `count` of
 * them as objects (the worker then sends the definitions as strings).
 */
export function typeSpans(text: string, count: number): Uint32Array | undefined {
  const layout = schemaLayout(text);
  return layout && layout.spans.length === 2 * count ? layout.spans : undefined;
}
