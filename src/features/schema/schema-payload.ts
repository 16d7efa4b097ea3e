import type { IntrospectionQuery, IntrospectionType, IntrospectionTypeRef } from 'graphql';
import { schemaLayout, typeSpans, type SchemaLayout } from './schema-spans.ts';

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

/** The named type a reference ends in (under its lists and non-nulls). */
function namedIn(ref: IntrospectionTypeRef | undefined): string | undefined {
  let cur = ref;
  while (cur && (cur.kind === 'LIST' || cur.kind === 'NON_NULL')) cur = cur.ofType;
  return cur && 'name' in cur ? cur.name : undefined;
}

type Values = readonly { type: IntrospectionTypeRef }[] | undefined;

/** The first of `values`' types that is not defined. */
function unknownIn(values: Values, defined: ReadonlySet<unknown>): string | undefined {
  if (!values) return undefined;
  for (const v of values) {
    const name = namedIn(v.type);
    if (name !== undefined && !defined.has(name)) return name;
  }
  return undefined;
}

/** The first type a type's definition refers to that is not defined, in definition order. */
function unknownReference(t: IntrospectionType, defined: ReadonlySet<unknown>): string | undefined {
  if (t.kind === 'OBJECT' || t.kind === 'INTERFACE') {
    for (const f of t.fields ?? []) {
      const name = namedIn(f.type);
      if (name !== undefined && !defined.has(name)) return name;
      const arg = unknownIn(f.args, defined);
      if (arg !== undefined) return arg;
    }
    for (const i of t.interfaces ?? []) if (!defined.has(i.name)) return i.name;
  } else if (t.kind === 'UNION') {
    for (const p of t.possibleTypes ?? []) if (!defined.has(p.name)) return p.name;
  } else if (t.kind === 'INPUT_OBJECT') return unknownIn(t.inputFields, defined);
  return undefined;
}

/**
 * What `buildClientSchema` would refuse before building anything: a type named but not
 * defined, then a type without name or kind (its messages). Pure; one pass without a list per
 * type (the worker runs it once, before its code is optimized).
 */
export function schemaProblem(types: readonly IntrospectionType[]): string | undefined {
  const defined = new Set<unknown>();
  for (const t of types) defined.add(t?.name);
  let incomplete: { value: unknown } | undefined;
  for (const t of types) {
    if (!incomplete && (t?.name == null || t.kind == null)) incomplete = { value: t };
    if (!t) continue;
    const name = unknownReference(t, defined);
    if (name !== undefined) return unknownTypeMessage(name);
  }
  return incomplete && `${INCOMPLETE}: ${describeValue(incomplete.value)}.`;
}

/** Cuts a parsed introspection result into a `SchemaPayload` (in the schema worker). Pure. */
export function toSchemaPayload(text: string, data: IntrospectionQuery): SchemaPayload {
  const { types, ...head } = data.__schema;
  const problem = schemaProblem(types);
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

/**
 * A type's head as the standard introspection query asks for it (graphql-js
 * `getIntrospectionQuery`: `kind`, `name`, `description`, then `fields`; a GraphQL server
 * answers in the order asked). Anything else (`specifiedByURL`, `isOneOf`, no descriptions)
 * is read by `toSchemaPayload`.
 */
const TYPE_HEAD =
  /\{\s*"kind"\s*:\s*"([A-Z_]+)"\s*,\s*"name"\s*:\s*"([_A-Za-z][_0-9A-Za-z]*)"\s*,\s*"description"\s*:\s*(null|"(?:[^"\\]|\\.)*")\s*,\s*"fields"\s*:/y;

const KINDS = new Set<string>(['SCALAR', 'OBJECT', 'INTERFACE', 'UNION', 'ENUM', 'INPUT_OBJECT']);

/** `__schema` without its `types`, as JSON cut from the text; undefined if that is not JSON. */
function headJson(text: string, layout: SchemaLayout): string | undefined {
  const before = text.slice(layout.schemaOpen, layout.typesKey).replace(/\s*,\s*$/, '');
  const after = text.slice(layout.typesClose + 1, layout.schemaClose + 1).replace(/^\s*,/, '');
  const json =
    before.trimEnd() === '{' || after.trimStart().startsWith('}')
      ? before + after
      : `${before},${after}`;
  try {
    JSON.parse(json);
  } catch {
    return undefined;
  }
  return json;
}

/**
 * The payload of an introspection answer read without `JSON.parse` of the whole text (in the
 * schema worker, for Docs as early as possible): the layout of its types (`schemaLayout`) and
 * each type's head. Undefined for a text it cannot read so (the worker then parses it whole:
 * `toSchemaPayload`). Nothing is checked beyond what it reads: the worker parses the whole text
 * afterwards and looks for a `schemaProblem`. Pure.
 */
export function quickSchemaPayload(text: string): SchemaPayload | undefined {
  const layout = schemaLayout(text);
  if (!layout) return undefined;
  const { spans } = layout;
  const count = spans.length / 2;
  if (count === 0) return undefined;
  const types: TypeEntry[] = [];
  for (let i = 0; i < count; i++) {
    TYPE_HEAD.lastIndex = spans[2 * i] ?? 0;
    const m = TYPE_HEAD.exec(text);
    const [, kind = '', name = '', description = 'null'] = m ?? [];
    if (!m || !KINDS.has(kind)) return undefined;
    types.push({
      name,
      kind: kind as TypeEntry['kind'],
      description:
        description === 'null'
          ? null
          : description.includes('\\')
            ? (JSON.parse(description) as string)
            : description.slice(1, -1),
    });
  }
  const head = headJson(text, layout);
  return head === undefined ? undefined : { text, head, types, spans };
}
