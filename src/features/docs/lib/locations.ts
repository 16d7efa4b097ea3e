import { getNamedType, isInterfaceType, isObjectType } from 'graphql';
import type { BrowsableSchema } from '../../schema/index.ts';
import { findPathToType, type FieldPath, type PathStep, type RootKind } from './field-path.ts';

/** A page of the Docs panel. `via` records the field whose type link led to a type page. */
export type DocsLocation =
  | { kind: 'home' }
  | { kind: 'type'; type: string; via?: { type: string; field: string } }
  | { kind: 'field'; type: string; field: string; arg?: string }
  | { kind: 'changes' };

function rootKindOf(schema: BrowsableSchema, typeName: string): RootKind | undefined {
  if (schema.getQueryType()?.name === typeName) return 'query';
  if (schema.getMutationType()?.name === typeName) return 'mutation';
  if (schema.getSubscriptionType()?.name === typeName) return 'subscription';
  return undefined;
}

/**
 * The path to `type.field` for "Add to query": the way the user navigated (trail of type links
 * from a root type) when there is one, else the shortest path from a root.
 */
export function pathForField(
  schema: BrowsableSchema,
  trail: DocsLocation[],
  typeName: string,
  field: string,
): FieldPath | undefined {
  const t = schema.getType(typeName);
  if (!t || !(isObjectType(t) || isInterfaceType(t)) || !t.getFields()[field]) return undefined;
  const steps: PathStep[] = [{ field }];
  let at = typeName;
  for (const loc of [...trail].reverse()) {
    const root = rootKindOf(schema, at);
    if (root) return { root, steps };
    if (loc.kind !== 'type' || loc.type !== at || !loc.via) break;
    const parent = schema.getType(loc.via.type);
    const f =
      parent && (isObjectType(parent) || isInterfaceType(parent))
        ? parent.getFields()[loc.via.field]
        : undefined;
    if (!f || getNamedType(f.type).name !== at) break;
    steps.unshift({ field: loc.via.field });
    at = loc.via.type;
  }
  const root = rootKindOf(schema, at);
  if (root) return { root, steps };
  const found = findPathToType(schema, typeName);
  return found && { root: found.root, steps: [...found.steps, { field }] };
}
