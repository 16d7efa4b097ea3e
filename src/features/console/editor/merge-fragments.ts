import {
  GraphQLError,
  Kind,
  parse,
  print,
  visit,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type InlineFragmentNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';

export type MergeResult =
  | { ok: true; text: string; changed: boolean }
  | { ok: false; message: string; line?: number; column?: number };

/**
 * "Merge fragments into operation" (GraphiQL's Shift-Ctrl-M): every named fragment spread in
 * the operations is replaced by an inline fragment with the fragment's type condition and
 * selections (recursively), and the fragment definitions are removed. With a schema, a spread
 * whose fragment is on the enclosing type itself is inlined without the `... on T` wrapper.
 * Comments are not kept (the document is printed again). Unknown fragments and fragment
 * cycles are reported and nothing changes.
 */
export function mergeFragments(text: string, schema?: GraphQLSchema): MergeResult {
  let doc;
  try {
    doc = parse(text, { noLocation: true });
  } catch (e) {
    if (e instanceof GraphQLError) {
      const loc = e.locations?.[0];
      return { ok: false, message: e.message, line: loc?.line, column: loc?.column };
    }
    throw e;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of doc.definitions)
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  if (fragments.size === 0) return { ok: true, text, changed: false };

  const inlineSet = (
    set: SelectionSetNode,
    parentType: string | undefined,
    stack: string[],
  ): SelectionSetNode => ({
    ...set,
    selections: set.selections.flatMap((s) => inlineSelection(s, parentType, stack)),
  });

  const inlineSelection = (
    s: SelectionNode,
    parentType: string | undefined,
    stack: string[],
  ): SelectionNode[] => {
    if (s.kind === Kind.FRAGMENT_SPREAD) {
      const name = s.name.value;
      const frag = fragments.get(name);
      if (!frag) throw new MergeError(`Unknown fragment "${name}": define it or remove the spread`);
      if (stack.includes(name)) {
        throw new MergeError(`Fragment cycle: ${[...stack, name].join(' → ')}`);
      }
      const type = frag.typeCondition.name.value;
      const selectionSet = inlineSet(frag.selectionSet, type, [...stack, name]);
      if (schema && parentType === type && !s.directives?.length)
        return [...selectionSet.selections];
      const inline: InlineFragmentNode = {
        kind: Kind.INLINE_FRAGMENT,
        typeCondition: frag.typeCondition,
        directives: s.directives,
        selectionSet,
      };
      return [inline];
    }
    if (s.kind === Kind.INLINE_FRAGMENT) {
      const type = s.typeCondition?.name.value ?? parentType;
      return [{ ...s, selectionSet: inlineSet(s.selectionSet, type, stack) }];
    }
    if (!s.selectionSet) return [s];
    return [
      { ...s, selectionSet: inlineSet(s.selectionSet, fieldType(parentType, s.name.value), stack) },
    ];
  };

  const fieldType = (parent: string | undefined, field: string): string | undefined => {
    if (!schema || !parent) return undefined;
    const t = schema.getType(parent);
    if (!t || !('getFields' in t)) return undefined;
    let ft = t.getFields()[field]?.type;
    while (ft && 'ofType' in ft) ft = ft.ofType;
    return ft?.name;
  };

  try {
    const merged = visit(doc, {
      FragmentDefinition: () => null,
      OperationDefinition: (op) => {
        const root = schema?.getRootType(op.operation)?.name;
        return { ...op, selectionSet: inlineSet(op.selectionSet, root, []) };
      },
    });
    return { ok: true, text: print(merged), changed: true };
  } catch (e) {
    if (e instanceof MergeError) return { ok: false, message: e.message };
    throw e;
  }
}

class MergeError extends Error {}
