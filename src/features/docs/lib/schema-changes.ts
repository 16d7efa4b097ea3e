import {
  ChangeType,
  CriticalityLevel,
  diff,
  type Change,
  type FieldDeprecationAddedChange,
} from '@graphql-inspector/core';
import {
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';

export type ChangeSeverity = 'breaking' | 'dangerous' | 'safe';

/** One difference between two schemas, with where to look in the Docs. */
export interface SchemaChange {
  severity: ChangeSeverity;
  /** The diff library's change type (e.g. FIELD_REMOVED, FIELD_ARGUMENT_TYPE_CHANGED). */
  kind: string;
  description: string;
  /** Type to open in the Docs, when it exists in either schema. */
  type?: string;
  /** A field of `type` (object, interface or input type), when the change is about one. */
  field?: string;
}

const SEVERITY: Record<CriticalityLevel, ChangeSeverity> = {
  [CriticalityLevel.Breaking]: 'breaking',
  [CriticalityLevel.Dangerous]: 'dangerous',
  [CriticalityLevel.NonBreaking]: 'safe',
};

const ORDER: Record<ChangeSeverity, number> = { breaking: 0, dangerous: 1, safe: 2 };

/**
 * Left out: description edits (hundreds on a big schema, none of them changes what a query
 * gets), directive usages (only in SDL-built schemas, and each deprecation already has its own
 * change) and the fields of an added type (the type's addition says it).
 */
function shownIn(changes: Change[]): (c: Change) => boolean {
  const addedTypes = new Set(
    changes.filter((c) => c.type === ChangeType.TypeAdded).map((c) => c.path),
  );
  return (c) =>
    !/DESCRIPTION|DIRECTIVE_USAGE/.test(c.type) &&
    !(c.type === ChangeType.FieldAdded && addedTypes.has(c.path?.split('.')[0]));
}

/** The library's message; a deprecation also says its reason. */
function describe(c: Change): string {
  if (c.type !== ChangeType.FieldDeprecationAdded) return c.message;
  const reason = (c as Change & FieldDeprecationAddedChange).meta.deprecationReason;
  return reason ? `${c.message}: ${reason}` : c.message;
}

function hasField(t: GraphQLNamedType | undefined, field: string): boolean {
  return (isObjectType(t) || isInterfaceType(t) || isInputObjectType(t)) && field in t.getFields();
}

/** The type (and field) a change's path names, when that type is in either schema. */
function locate(
  path: string | undefined,
  before: GraphQLSchema,
  after: GraphQLSchema,
): Pick<SchemaChange, 'type' | 'field'> {
  if (!path || path.startsWith('@')) return {};
  const [type = '', field] = path.split('.');
  const old = before.getType(type);
  const now = after.getType(type);
  if (!old && !now) return {};
  return field && (hasField(old, field) || hasField(now, field)) ? { type, field } : { type };
}

/**
 * Breaking, dangerous and safe changes from `before` to `after`, in that order
 * (`@graphql-inspector/core`'s diff and criticality).
 */
export async function diffSchemas(
  before: GraphQLSchema,
  after: GraphQLSchema,
): Promise<SchemaChange[]> {
  const changes = await diff(before, after);
  return changes
    .filter(shownIn(changes))
    .map((c) => ({
      severity: SEVERITY[c.criticality.level],
      kind: c.type,
      description: describe(c),
      ...locate(c.path, before, after),
    }))
    .sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
