import type { GraphQLError } from 'graphql';
import {
  getNamedType,
  Kind,
  parse,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type ASTNode,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import type { OperationLocation, UpgradeOperation } from '../upgrade-props.ts';

/** Why one operation does not validate: the message, the schema coordinate at fault, where. */
export interface OperationProblem {
  message: string;
  /** The schema coordinate the error is about: `Type.field`, `Type.field(arg:)`, `Enum.VALUE`, `Type`. */
  field?: string;
  location?: OperationLocation;
}

/** An operation that does not validate against the schema checked. */
export interface OperationFailure {
  source: UpgradeOperation['source'];
  id: string;
  name: string;
  problems: OperationProblem[];
  /** It does not validate against the schema compared with either (so this change is not why). */
  failedBefore?: boolean;
}

/** The result of checking a list of operations. */
export interface OperationCheck {
  /** How many operations were checked (empty texts are not). */
  checked: number;
  failures: OperationFailure[];
}

/** Text with nothing but comments and white space is no operation (a new, empty tab). */
function isBlank(query: string): boolean {
  return query.replace(/#[^\n\r]*/g, '').trim() === '';
}

/**
 * The schema coordinate of each node of `nodes`, found by walking `doc` with the schema's
 * TypeInfo: a field is named after its parent type (which still exists when the field is
 * gone), a value after its argument, an enum value after its enum.
 */
function coordinates(
  schema: GraphQLSchema,
  doc: DocumentNode,
  nodes: Set<ASTNode>,
): Map<ASTNode, string> {
  const found = new Map<ASTNode, string>();
  const typeInfo = new TypeInfo(schema);
  const fields: string[] = [];
  const args: string[] = [];
  visit(
    doc,
    visitWithTypeInfo(typeInfo, {
      enter(node) {
        let at: string | undefined;
        if (node.kind === Kind.FIELD) {
          const parent = typeInfo.getParentType();
          at = parent ? `${parent.name}.${node.name.value}` : node.name.value;
          fields.push(at);
        } else if (node.kind === Kind.ARGUMENT) {
          at = `${fields.at(-1) ?? ''}(${node.name.value}:)`;
          args.push(at);
        } else if (node.kind === Kind.ENUM) {
          const t = typeInfo.getInputType();
          at = t ? `${getNamedType(t).name}.${node.value}` : args.at(-1);
        } else if (node.kind === Kind.NAMED_TYPE) at = node.name.value;
        else if (node.kind === Kind.DIRECTIVE) at = `@${node.name.value}`;
        else if (node.kind !== Kind.VARIABLE_DEFINITION) at = args.at(-1) ?? fields.at(-1);
        if (at && nodes.has(node)) found.set(node, at);
      },
      leave(node) {
        if (node.kind === Kind.FIELD) fields.pop();
        else if (node.kind === Kind.ARGUMENT) args.pop();
      },
    }),
  );
  return found;
}

function problemsOf(
  schema: GraphQLSchema,
  doc: DocumentNode,
  errors: readonly GraphQLError[],
): OperationProblem[] {
  const all = new Set(errors.flatMap((e) => e.nodes ?? []));
  const at = coordinates(schema, doc, all);
  return errors.map((e) => {
    const field = (e.nodes ?? []).map((n) => at.get(n)).find((c) => c !== undefined);
    const loc = e.locations?.[0];
    return {
      message: e.message,
      ...(field ? { field } : {}),
      ...(loc ? { location: { line: loc.line, column: loc.column } } : {}),
    };
  });
}

/** Parses and validates one text; undefined when it validates. */
function problems(schema: GraphQLSchema, query: string): OperationProblem[] | undefined {
  let doc: DocumentNode;
  try {
    doc = parse(query);
  } catch (err) {
    const e = err as GraphQLError;
    const loc = e.locations?.[0];
    return [{ message: e.message, ...(loc ? { location: { ...loc } } : {}) }];
  }
  const errors = validate(schema, doc);
  return errors.length ? problemsOf(schema, doc, errors) : undefined;
}

/**
 * Validates every operation against `schema` (graphql-js's rules) and lists those that fail,
 * each with its errors, the schema coordinate at fault and where in the text. With `before`
 * (the schema the check compares with), a failure says whether it failed there too.
 */
export function checkOperations(
  schema: GraphQLSchema,
  operations: readonly UpgradeOperation[],
  before?: GraphQLSchema,
): OperationCheck {
  let checked = 0;
  const failures: OperationFailure[] = [];
  for (const op of operations) {
    if (isBlank(op.query)) continue;
    checked++;
    const found = problems(schema, op.query);
    if (!found) continue;
    const { source, id, name } = op;
    const failure: OperationFailure = { source, id, name, problems: found };
    if (before && problems(before, op.query)) failure.failedBefore = true;
    failures.push(failure);
  }
  return { checked, failures };
}
