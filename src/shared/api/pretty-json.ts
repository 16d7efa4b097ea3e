/**
 * Pretty-prints parsed JSON with two-space indentation, but keeps small flat containers on one
 * line (`"offsetAndLengths": [[3, 4]]`, `"currentUser": { "username": "alice" }`). Big search
 * responses get far fewer lines, which is what costs memory and time in the viewer.
 */
export const MAX_INLINE = 80;

function isPrimitive(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

function flatArray(v: unknown[]): string | undefined {
  if (!v.every(isPrimitive)) return undefined;
  return '[' + v.map((x) => JSON.stringify(x)).join(', ') + ']';
}

function flatObject(v: Record<string, unknown>): string | undefined {
  const entries = Object.entries(v);
  if (entries.length === 0) return '{}';
  if (!entries.every(([, x]) => isPrimitive(x))) return undefined;
  return (
    '{ ' + entries.map(([k, x]) => `${JSON.stringify(k)}: ${JSON.stringify(x)}`).join(', ') + ' }'
  );
}

/** A primitive, or a container of primitives (or of arrays of primitives), on one line. */
function flat(v: unknown): string | undefined {
  if (isPrimitive(v)) return JSON.stringify(v);
  if (!Array.isArray(v)) return flatObject(v as Record<string, unknown>);
  // Also arrays of small arrays, such as offsetAndLengths [[3, 4], [9, 2]].
  const parts: string[] = [];
  for (const x of v) {
    const p = isPrimitive(x) ? JSON.stringify(x) : Array.isArray(x) ? flatArray(x) : undefined;
    if (p === undefined) return undefined;
    parts.push(p);
  }
  return '[' + parts.join(', ') + ']';
}

/**
 * One-line form of a small, shallow container (its children are primitives or containers of
 * primitives), or undefined. Bounded depth keeps the whole print linear in the input.
 */
function inline(v: unknown): string | undefined {
  const children = Array.isArray(v) ? v.map((x) => ['', x] as const) : Object.entries(v as object);
  if (children.length === 0) return Array.isArray(v) ? '[]' : '{}';
  const parts: string[] = [];
  for (const [k, x] of children) {
    const p = flat(x);
    if (p === undefined) return undefined;
    parts.push(Array.isArray(v) ? p : `${JSON.stringify(k)}: ${p}`);
  }
  return Array.isArray(v) ? '[' + parts.join(', ') + ']' : '{ ' + parts.join(', ') + ' }';
}

function write(v: unknown, indent: string, prefixLength: number, out: string[]): void {
  if (isPrimitive(v)) {
    out.push(JSON.stringify(v));
    return;
  }
  const one = inline(v);
  if (one !== undefined && prefixLength + one.length <= MAX_INLINE) {
    out.push(one);
    return;
  }
  const inner = indent + '  ';
  if (Array.isArray(v)) {
    out.push('[\n');
    v.forEach((x, i) => {
      out.push(inner);
      write(x, inner, inner.length, out);
      out.push(i < v.length - 1 ? ',\n' : '\n');
    });
    out.push(indent + ']');
    return;
  }
  const entries = Object.entries(v as Record<string, unknown>);
  out.push('{\n');
  entries.forEach(([k, x], i) => {
    const key = JSON.stringify(k) + ': ';
    out.push(inner, key);
    write(x, inner, inner.length + key.length, out);
    out.push(i < entries.length - 1 ? ',\n' : '\n');
  });
  out.push(indent + '}');
}

/** The display form of a parsed JSON value. */
export function prettyJson(value: unknown): string {
  const out: string[] = [];
  write(value, '', 0, out);
  return out.join('');
}
