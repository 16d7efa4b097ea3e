import type { GraphQLError } from 'graphql';
import {
  coerceInputValue,
  Kind,
  parse,
  print,
  typeFromAST,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type TypeNode,
  type VariableDefinitionNode,
} from 'graphql';
import { pathKey } from './json-scan';

export interface VariableProblem {
  message: string;
  /** Where in the variables JSON, e.g. `input.names[2]` (absent: the whole object). */
  path?: string;
  /** The same path as segments, for locating it in the text. */
  segments?: (string | number)[];
  severity: 'error' | 'warning';
}

/** One declared variable of an operation, for completion and validation. */
export interface VariableInfo {
  name: string;
  /** The type as written, e.g. `[String!]!`. */
  type: string;
  required: boolean;
  hasDefault: boolean;
  typeNode: TypeNode;
}

/**
 * The operation the variables belong to: the named one, else the only one. Returns
 * undefined when the query does not parse or the choice is ambiguous.
 */
function selectOperation(
  doc: DocumentNode,
  operationName: string | undefined,
): OperationDefinitionNode | undefined {
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  if (operationName) return ops.find((o) => o.name?.value === operationName);
  return ops.length === 1 ? ops[0] : undefined;
}

/** The variables the chosen operation declares (empty when it cannot tell). */
export function operationVariables(query: string, operationName?: string): VariableInfo[] {
  let doc: DocumentNode;
  try {
    doc = parse(query, { noLocation: true });
  } catch {
    return [];
  }
  return (selectOperation(doc, operationName)?.variableDefinitions ?? []).map(variableInfo);
}

function variableInfo(def: VariableDefinitionNode): VariableInfo {
  return {
    name: def.variable.name.value,
    type: print(def.type),
    required: def.type.kind === Kind.NON_NULL_TYPE && !def.defaultValue,
    hasDefault: !!def.defaultValue,
    typeNode: def.type,
  };
}

/**
 * Checks variables against the operation's definitions the way the server will: missing
 * required variables and wrong types are errors (the server rejects the request), unknown
 * variables are warnings (the server ignores them). Without a schema only presence is checked.
 * A query that does not parse yields no problems here: the query editor reports it.
 */
export function validateVariables(
  schema: GraphQLSchema | undefined,
  query: string,
  operationName: string | undefined,
  vars: Record<string, unknown>,
): VariableProblem[] {
  let doc: DocumentNode;
  try {
    doc = parse(query, { noLocation: true });
  } catch {
    return [];
  }
  const op = selectOperation(doc, operationName);
  if (!op) return [];
  const problems: VariableProblem[] = [];
  const defs = op.variableDefinitions ?? [];
  const declared = new Set(defs.map((d) => d.variable.name.value));
  for (const def of defs) {
    const info = variableInfo(def);
    const name = info.name;
    const present = Object.prototype.hasOwnProperty.call(vars, name);
    if (!present) {
      if (info.required) {
        problems.push({
          message: `Missing required variable "$${name}" (${info.type}): add "${name}": … to the variables`,
          severity: 'error',
        });
      }
      continue;
    }
    const value = vars[name];
    if (value === null && def.type.kind === Kind.NON_NULL_TYPE) {
      problems.push({
        message: `Variable "$${name}" is ${info.type} and cannot be null`,
        path: name,
        segments: [name],
        severity: 'error',
      });
      continue;
    }
    if (!schema) continue;
    const type = typeFromAST(schema, def.type) as GraphQLInputType | undefined;
    if (!type) continue; // unknown type: the query editor reports it
    coerceInputValue(value, type, (path, _invalid, error: GraphQLError) => {
      const segments = [name, ...path];
      problems.push({
        message: path.length
          ? `Variable "$${name}" has an invalid value at "${pathKey(segments)}": ${error.message}`
          : `Variable "$${name}": ${error.message}`,
        path: pathKey(segments),
        segments,
        severity: 'error',
      });
    });
  }
  for (const key of Object.keys(vars)) {
    if (!declared.has(key)) {
      problems.push({
        message: `Unknown variable "${key}": the operation declares ${
          declared.size ? [...declared].map((d) => `$${d}`).join(', ') : 'no variables'
        }`,
        path: key,
        segments: [key],
        severity: 'warning',
      });
    }
  }
  return problems;
}
