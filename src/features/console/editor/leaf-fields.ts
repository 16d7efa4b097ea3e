import type { GraphQLType } from 'graphql';

/*
 * Structural checks instead of graphql-js's `isLeafType`/`getNamedType`: the language service
 * may hand us types of another graphql copy (Node's CommonJS one in tests), which graphql-js's
 * realm checks would reject.
 */

interface FieldLike {
  name: string;
  type: GraphQLType;
  args: readonly { type: GraphQLType; defaultValue?: unknown }[];
  deprecationReason?: string | null;
}

function unwrap(type: GraphQLType): GraphQLType {
  let t: GraphQLType = type;
  while ('ofType' in t && t.ofType) t = t.ofType;
  return t;
}

function isNonNull(type: GraphQLType): boolean {
  return String(type).endsWith('!');
}

function fieldsOf(type: GraphQLType): FieldLike[] | undefined {
  const named = unwrap(type);
  if (!('getFields' in named) || 'getTypes' in named) return undefined;
  // Input objects have getFields too, but never reach a selection set.
  return Object.values(named.getFields()) as FieldLike[];
}

/** Whether a field of this type needs a selection set (object, interface or union). */
export function isCompositeFieldType(type: GraphQLType): boolean {
  const named = unwrap(type);
  return 'getFields' in named || 'getTypes' in named;
}

/** Whether a field must be given arguments (a non-null argument without a default). */
export function hasRequiredArgs(field: object): boolean {
  const args =
    'args' in field && Array.isArray(field.args) ? (field.args as FieldLike['args']) : [];
  return args.some((a) => isNonNull(a.type) && a.defaultValue === undefined);
}

/**
 * The fields "Fill all fields" and object-field completion select: the type's leaf (scalar and
 * enum) fields that need no arguments and are not deprecated, in schema order. A union, or a
 * type without such fields, gets `__typename` so the selection set is still valid.
 */
export function leafFieldNames(type: GraphQLType): string[] {
  const fields = fieldsOf(type);
  const names = (fields ?? [])
    .filter((f) => !isCompositeFieldType(f.type) && !hasRequiredArgs(f) && !f.deprecationReason)
    .map((f) => f.name);
  return names.length ? names : ['__typename'];
}
