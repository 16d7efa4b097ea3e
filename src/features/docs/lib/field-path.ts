/** Field paths through a schema: from a root operation type to a type, step by step. */
import {
  getNamedType,
  isAbstractType,
  isCompositeType,
  isInterfaceType,
  isObjectType,
  type GraphQLNamedType,
} from 'graphql';
import type { BrowsableSchema } from '../../schema/index.ts';

export type RootKind = 'query' | 'mutation' | 'subscription';

/** One step from a root type: select a field, or narrow an abstract type with `... on T`. */
export type PathStep = { field: string } | { on: string };

/** A field path from a root operation type to the field to add. */
export interface FieldPath {
  root: RootKind;
  steps: PathStep[];
}

/** The schema's root type of an operation kind. */
export function rootType(schema: BrowsableSchema, root: RootKind) {
  return root === 'query'
    ? schema.getQueryType()
    : root === 'mutation'
      ? schema.getMutationType()
      : schema.getSubscriptionType();
}

/**
 * Shortest field path from a root type (Query first, then Mutation, Subscription) to `typeName`,
 * preferring non-deprecated fields; undefined when unreachable.
 */
export function findPathToType(schema: BrowsableSchema, typeName: string): FieldPath | undefined {
  for (const root of ['query', 'mutation', 'subscription'] as const) {
    const start = rootType(schema, root);
    if (!start) continue;
    if (start.name === typeName) return { root, steps: [] };
    const prev = new Map<string, { from: string; step: PathStep }>();
    const seen = new Set([start.name]);
    let frontier: GraphQLNamedType[] = [start];
    while (frontier.length && !seen.has(typeName)) {
      const next: GraphQLNamedType[] = [];
      const visit = (to: GraphQLNamedType, from: string, step: PathStep) => {
        if (seen.has(to.name) || !isCompositeType(to)) return;
        seen.add(to.name);
        prev.set(to.name, { from, step });
        next.push(to);
      };
      for (const t of frontier) {
        if (isObjectType(t) || isInterfaceType(t)) {
          const fields = Object.values(t.getFields()).sort(
            (a, b) => Number(a.deprecationReason != null) - Number(b.deprecationReason != null),
          );
          for (const f of fields) visit(getNamedType(f.type), t.name, { field: f.name });
        }
        if (isAbstractType(t))
          for (const p of schema.getPossibleTypes(t)) visit(p, t.name, { on: p.name });
      }
      frontier = next;
    }
    if (!seen.has(typeName)) continue;
    const steps: PathStep[] = [];
    for (let at = typeName; at !== start.name;) {
      const p = prev.get(at)!;
      steps.unshift(p.step);
      at = p.from;
    }
    return { root, steps };
  }
  return undefined;
}

/** A step as the user reads it: `name` or `... on Type`. */
export function describeStep(step: PathStep): string {
  return 'field' in step ? step.field : `... on ${step.on}`;
}

/** The named type a step leads to from `parent`; undefined when the step does not exist. */
export function stepType(schema: BrowsableSchema, parent: GraphQLNamedType, step: PathStep) {
  if ('on' in step) {
    const t = schema.getType(step.on);
    return t && isCompositeType(t) ? t : undefined;
  }
  if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
  const f = parent.getFields()[step.field];
  return f ? getNamedType(f.type) : undefined;
}
