/**
 * The lists an operation can be exported from: fields that return a connection (`pageInfo`
 * with `hasNextPage` and `endCursor`, `nodes` or `edges { node }`) and take `first` and
 * `after`, reached from the operation's root through single objects (a connection inside a
 * list has one cursor per item, so it is not one list) and inline fragments. Pure.
 */
import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type DocumentNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

export interface ConnectionRef {
  /** Index of the operation among the document's operations. */
  operation: number;
  operationName?: string;
  /** Response keys (alias or name) from the operation's root to the connection field. */
  path: string[];
  /** The connection's type, e.g. `UserConnection`. */
  typeName: string;
  /** Offsets of the field in the source text (the list under the cursor). */
  start: number;
  end: number;
}

type Fields = Record<string, GraphQLField<unknown, unknown>>;

function fieldsOf(type: GraphQLNamedType | null | undefined): Fields | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields() : undefined;
}

function isList(field: GraphQLField<unknown, unknown> | undefined): boolean {
  return !!field && isListType(getNullableType(field.type));
}

/** True when `field` returns a connection that pages forward with `first` / `after`. */
function isConnectionField(field: GraphQLField<unknown, unknown>): boolean {
  if (isList(field)) return false;
  const fields = fieldsOf(getNamedType(field.type));
  if (!fields) return false;
  const pageInfo = fieldsOf(fields.pageInfo && getNamedType(fields.pageInfo.type));
  if (!pageInfo?.hasNextPage || !pageInfo.endCursor) return false;
  const edges = fields.edges;
  const hasRows =
    isList(fields.nodes) || (isList(edges) && !!fieldsOf(edges && getNamedType(edges.type))?.node);
  const args = new Set(field.args.map((a) => a.name));
  return hasRows && args.has('first') && args.has('after');
}

function walk(
  set: SelectionSetNode,
  parent: GraphQLNamedType | null | undefined,
  path: string[],
  base: Omit<ConnectionRef, 'path' | 'typeName' | 'start' | 'end'>,
  schema: GraphQLSchema,
  out: ConnectionRef[],
): void {
  const fields = fieldsOf(parent);
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const type = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
      walk(sel.selectionSet, type, path, base, schema, out);
      continue;
    }
    if (sel.kind !== Kind.FIELD || !sel.selectionSet) continue;
    const def = fields?.[sel.name.value];
    if (!def || isList(def)) continue;
    const key = sel.alias?.value ?? sel.name.value;
    if (isConnectionField(def)) {
      // The same key twice (GraphQL merges them) is one list.
      const at = [...path, key].join('.');
      if (out.some((r) => r.operation === base.operation && r.path.join('.') === at)) continue;
      out.push({
        ...base,
        path: [...path, key],
        typeName: getNamedType(def.type).name,
        start: sel.loc?.start ?? 0,
        end: sel.loc?.end ?? 0,
      });
    } else {
      walk(sel.selectionSet, getNamedType(def.type), [...path, key], base, schema, out);
    }
  }
}

/** Every exportable list of every operation of `doc`, in document order. */
export function findConnections(doc: DocumentNode, schema: GraphQLSchema): ConnectionRef[] {
  const out: ConnectionRef[] = [];
  let index = 0;
  for (const def of doc.definitions) {
    if (def.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = schema.getRootType(def.operation);
    walk(
      def.selectionSet,
      root,
      [],
      { operation: index, operationName: def.name?.value },
      schema,
      out,
    );
    index++;
  }
  return out;
}

/** The innermost list whose field holds `offset` (the cursor), if any. */
export function connectionAt(
  refs: readonly ConnectionRef[],
  offset: number,
): ConnectionRef | undefined {
  let best: ConnectionRef | undefined;
  for (const r of refs) {
    if (offset < r.start || offset > r.end) continue;
    if (!best || r.end - r.start < best.end - best.start) best = r;
  }
  return best;
}

/** How a list is named in the picker: its path, with the operation's name when there are several. */
export function connectionLabel(ref: ConnectionRef, severalOperations: boolean): string {
  const path = ref.path.join('.');
  const op = ref.operationName ?? `operation ${ref.operation + 1}`;
  return severalOperations ? `${op}: ${path}` : path;
}
