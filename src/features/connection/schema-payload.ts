import type { IntrospectionQuery, IntrospectionType, IntrospectionTypeRef } from 'graphql';
import { typeSpans } from './schema-spans.ts';

/** One named type of a `SchemaPayload`: what its constructor needs (its definition is a span). */
export interface TypeEntry {
  name: string;
  kind: IntrospectionType['kind'];
  description?: string | null;
  /** An input object's `isOneOf`, when the server said. */
  isOneOf?: boolean;
}

/**
 * An introspection result as the schema worker hands it to the page: the response text (for
 * the Docs worker, "What changed" and downloads) and the same schema as one entry per type,
 * checked for the faults `buildClientSchema` refuses before any type is built. Each type's whole
 * definition stays in the text: the page parses it from its span when the type's fields,
 * members or values are first needed (`schema-build.ts`), so showing Query parses only Query,
 * and the message from the worker holds one big string rather than one per type.
 */
export interface SchemaPayload {
  /** The introspection response JSON text `{"data": {"__schema": …}}`. */
  text: string;
  /** `__schema` without its `types`, as JSON. */
  head: string;
  /** `__schema.types`, in schema order. */
  types: TypeEntry[];
  /** Type i's definition (JSON) is `(defs ?? text).slice(spans[2i], spans[2i + 1])`. */
  spans: Uint32Array;
  /** The definitions as one text, only when `text` could not be read for them. */
  defs?: string;
  /** Why no schema can be built from it (`buildClientSchema`'s message), found in the worker. */
  problem?: string;
}

/** Type i's definition as JSON (see `SchemaPayload.spans`). */
export function definitionJson(
  payload: Pick<SchemaPayload, 'text' | 'spans' | 'defs'>,
  i: number,
): string {
  const { spans } = payload;
  return (payload.defs ?? payload.text).slice(spans[2 * i], spans[2 * i + 1]);
}

/** The definitions as one text and their spans in it, for a text `typeSpans` could not read. */
function joinedDefinitions(types: readonly IntrospectionType[]): {
  defs: string;
  spans: Uint32Array;
} {
  const spans = new Uint32Array(types.length * 2);
  const parts: string[] = [];
  let at = 0;
  types.forEach((t, i) => {
    const json = JSON.stringify(t);
    parts.push(json);
    spans[2 * i] = at;
    spans[2 * i + 1] = at += json.length;
  });
  return { defs: parts.join(''), spans };
}

/** A value for an error message: its JSON, clipped. */
export function describeValue(value: unknown): string {
  return JSON.stringify(value)?.slice(0, 200) ?? String(value);
}

export const INCOMPLETE =
  'Invalid or incomplete introspection result. Ensure that a full introspection query is used in order to build a client schema';

export function unknownTypeMessage(name: string): string {
  return `Invalid or incomplete schema, unknown type: ${name}. Ensure that a full introspection query is used in order to build a client schema.`;
}

/** Type references a type's definition makes (to check they all exist before any is built). */
function referencedNames(t: IntrospectionType): string[] {
  const names: string[] = [];
  const ref = (r: IntrospectionTypeRef | undefined): void => {
    let cur: IntrospectionTypeRef | undefined = r;
    while (cur && (cur.kind === 'LIST' || cur.kind === 'NON_NULL')) cur = cur.ofType;
    if (cur && 'name' in cur) names.push(cur.name);
  };
  const values = (list: readonly { type: IntrospectionTypeRef }[] | undefined) =>
    list?.forEach((v) => ref(v.type));
  if (t.kind === 'OBJECT' || t.kind === 'INTERFACE') {
    for (const f of t.fields ?? []) {
      ref(f.type);
      values(f.args);
    }
    for (const i of t.interfaces ?? []) names.push(i.name);
  } else if (t.kind === 'UNION') for (const p of t.possibleTypes ?? []) names.push(p.name);
  else if (t.kind === 'INPUT_OBJECT') values(t.inputFields);
  return names;
}

/**
 * What `buildClientSchema` would refuse before building anything: a type named but not
 * defined, then a type without name or kind (its messages). Pure.
 */
function problemOf(types: readonly IntrospectionType[]): string | undefined {
  const defined = new Set(types.map((t) => t?.name));
  for (const t of types) {
    if (!t) continue;
    for (const name of referencedNames(t)) if (!defined.has(name)) return unknownTypeMessage(name);
  }
  const bad = types.find((t) => t?.name == null || t.kind == null);
  return bad === undefined ? undefined : `${INCOMPLETE}: ${describeValue(bad)}.`;
}

/** Cuts a parsed introspection result into a `SchemaPayload` (in the schema worker). Pure. */
export function toSchemaPayload(text: string, data: IntrospectionQuery): SchemaPayload {
  const { types, ...head } = data.__schema;
  const problem = problemOf(types);
  if (problem)
    return { text, head: JSON.stringify(head), types: [], spans: new Uint32Array(0), problem };
  const spans = typeSpans(text, types.length);
  return {
    text,
    head: JSON.stringify(head),
    types: types.map((t) => ({
      name: t.name,
      kind: t.kind,
      description: t.description,
      ...(t.kind === 'INPUT_OBJECT' && t.isOneOf !== undefined ? { isOneOf: t.isOneOf } : {}),
    })),
    ...(spans ? { spans } : joinedDefinitions(types)),
  };
}
