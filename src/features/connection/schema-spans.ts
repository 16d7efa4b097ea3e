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

/** Keys are read only this close to the root: `data.__schema.types` is three levels deep. */
const KEY_DEPTH = 3;

/** Whether an array opened at `depth` (containers open) is `__schema.types`. */
function isTypesArray(keys: readonly (string | undefined)[], depth: number): boolean {
  if (depth === 4) return keys[1] === 'data' && keys[2] === '__schema' && keys[3] === 'types';
  return depth === 3 && keys[1] === '__schema' && keys[2] === 'types';
}

/**
 * The `[start, end)` offsets of the `count` objects of `__schema.types` (or `data.__schema.types`)
 * in `text`, two per type in order; undefined when the text does not hold exactly `count` of
 * them as objects (the worker then sends the definitions as strings).
 */
export function typeSpans(text: string, count: number): Uint32Array | undefined {
  const spans = new Uint32Array(count * 2);
  /** The current key of each object open at depth 1..KEY_DEPTH. */
  const keys: (string | undefined)[] = [];
  let lastString: string | undefined;
  let depth = 0;
  let typesDepth = -1;
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
      if (depth <= KEY_DEPTH) lastString = text.slice(i + 1, j);
      i = j;
    } else if (c === COLON) {
      if (depth <= KEY_DEPTH) keys[depth] = lastString;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth === typesDepth) {
        if (c !== OPEN_OBJECT || found === count) return undefined;
        start = i;
      }
      depth++;
      if (depth <= KEY_DEPTH) keys[depth] = undefined;
      if (c === OPEN_ARRAY && typesDepth < 0 && isTypesArray(keys, depth)) typesDepth = depth;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) {
      depth--;
      if (depth === typesDepth && start >= 0) {
        spans[2 * found] = start;
        spans[2 * found + 1] = i + 1;
        found++;
        start = -1;
      } else if (depth === typesDepth - 1) {
        return found === count ? spans : undefined;
      }
    }
  }
  return undefined;
}
