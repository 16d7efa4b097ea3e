/**
 * The columns of an export: the leaf paths selected under a row (a connection's node, or its
 * edge), in the order they first appear, fragments expanded. A field of list type is one
 * column (its cell holds the list), so a row stays one line. Pure.
 */
import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';

export interface Column {
  /** Dotted response keys, e.g. `owner.login`. */
  name: string;
  /** The response keys from the row to the value. */
  path: string[];
}

function collect(
  set: SelectionSetNode,
  parent: GraphQLNamedType | null | undefined,
  prefix: string[],
  ctx: {
    schema: GraphQLSchema;
    fragments: ReadonlyMap<string, FragmentDefinitionNode>;
    seen: Map<string, Column>;
    /** Fragments being expanded (a cycle is invalid GraphQL; it must not hang us). */
    open: Set<string>;
  },
): void {
  const fields = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields() : undefined;
  for (const sel of set.selections) {
    if (sel.kind === Kind.INLINE_FRAGMENT) {
      const type = sel.typeCondition ? ctx.schema.getType(sel.typeCondition.name.value) : parent;
      collect(sel.selectionSet, type, prefix, ctx);
    } else if (sel.kind === Kind.FRAGMENT_SPREAD) {
      const name = sel.name.value;
      const frag = ctx.fragments.get(name);
      if (!frag || ctx.open.has(name)) continue;
      ctx.open.add(name);
      collect(frag.selectionSet, ctx.schema.getType(frag.typeCondition.name.value), prefix, ctx);
      ctx.open.delete(name);
    } else {
      const path = [...prefix, sel.alias?.value ?? sel.name.value];
      const def = fields?.[sel.name.value];
      const list = !!def && isListType(getNullableType(def.type));
      if (sel.selectionSet && !list) {
        collect(sel.selectionSet, def && getNamedType(def.type), path, ctx);
      } else {
        const name = path.join('.');
        if (!ctx.seen.has(name)) ctx.seen.set(name, { name, path });
      }
    }
  }
}

/** The columns selected in `set`, a selection on `type`. */
export function columnsOf(
  set: SelectionSetNode,
  type: GraphQLNamedType | null | undefined,
  schema: GraphQLSchema,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Column[] {
  const seen = new Map<string, Column>();
  collect(set, type, [], { schema, fragments, seen, open: new Set() });
  return [...seen.values()];
}
