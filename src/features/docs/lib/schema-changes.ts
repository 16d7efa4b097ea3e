import {
  findBreakingChanges,
  findDangerousChanges,
  isInterfaceType,
  isObjectType,
  isEnumType,
  type GraphQLSchema,
} from 'graphql';

export type ChangeSeverity = 'breaking' | 'dangerous' | 'safe';

/** One difference between two schemas, with where to look in the Docs. */
export interface SchemaChange {
  severity: ChangeSeverity;
  /** graphql-js change type (e.g. FIELD_REMOVED) or ours (TYPE_ADDED, FIELD_ADDED, FIELD_DEPRECATED, ENUM_VALUE_DEPRECATED). */
  kind: string;
  description: string;
  /** Type to open in the Docs, when it exists in either schema. */
  type?: string;
  field?: string;
}

const NAME = '[_A-Za-z][_0-9A-Za-z]*';
const PATTERNS: RegExp[] = [
  new RegExp(`^(${NAME})\\.(${NAME})\\b`),
  new RegExp(` on (${NAME})\\.(${NAME})\\b`),
  new RegExp(`(?:to|from) (?:union|enum) type (${NAME})`),
  new RegExp(`on input type (${NAME})`),
  new RegExp(`^(${NAME})\\b`),
];

function locate(
  description: string,
  isType: (n: string) => boolean,
): Pick<SchemaChange, 'type' | 'field'> {
  if (description.startsWith('Directive ')) return {};
  for (const re of PATTERNS) {
    const [, type, field] = re.exec(description) ?? [];
    if (type !== undefined && isType(type)) return field ? { type, field } : { type };
  }
  return {};
}

const ORDER: Record<ChangeSeverity, number> = { breaking: 0, dangerous: 1, safe: 2 };

/**
 * Breaking and dangerous changes (graphql-js) plus safe additions and deprecations computed here:
 * types added, output fields added, fields and enum values newly deprecated.
 */
export function diffSchemas(oldSchema: GraphQLSchema, newSchema: GraphQLSchema): SchemaChange[] {
  const oldTypes = oldSchema.getTypeMap();
  const newTypes = newSchema.getTypeMap();
  const isType = (n: string) => n in oldTypes || n in newTypes;
  const out: SchemaChange[] = [];
  for (const c of findBreakingChanges(oldSchema, newSchema))
    out.push({
      severity: 'breaking',
      kind: c.type,
      description: c.description,
      ...locate(c.description, isType),
    });
  for (const c of findDangerousChanges(oldSchema, newSchema))
    out.push({
      severity: 'dangerous',
      kind: c.type,
      description: c.description,
      ...locate(c.description, isType),
    });

  for (const [name, t] of Object.entries(newTypes)) {
    if (name.startsWith('__')) continue;
    const before = oldTypes[name];
    if (!before) {
      out.push({
        severity: 'safe',
        kind: 'TYPE_ADDED',
        description: `${name} was added.`,
        type: name,
      });
      continue;
    }
    if (
      (isObjectType(t) || isInterfaceType(t)) &&
      (isObjectType(before) || isInterfaceType(before))
    ) {
      const oldFields = before.getFields();
      for (const f of Object.values(t.getFields())) {
        const of = oldFields[f.name];
        if (!of)
          out.push({
            severity: 'safe',
            kind: 'FIELD_ADDED',
            description: `${name}.${f.name} was added.`,
            type: name,
            field: f.name,
          });
        else if (f.deprecationReason != null && of.deprecationReason == null)
          out.push({
            severity: 'safe',
            kind: 'FIELD_DEPRECATED',
            description: `${name}.${f.name} was deprecated: ${f.deprecationReason}`,
            type: name,
            field: f.name,
          });
      }
    } else if (isEnumType(t) && isEnumType(before)) {
      for (const v of t.getValues()) {
        const ov = before.getValue(v.name);
        if (ov && v.deprecationReason != null && ov.deprecationReason == null)
          out.push({
            severity: 'safe',
            kind: 'ENUM_VALUE_DEPRECATED',
            description: `${name}.${v.name} was deprecated: ${v.deprecationReason}`,
            type: name,
          });
      }
    }
  }
  return out.sort((a, b) => ORDER[a.severity] - ORDER[b.severity]);
}
