/** Adds a field (found by field-path.ts) to the query text, editing it in place. */
import {
  getNamedType,
  isCompositeType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  isRequiredArgument,
  Kind,
  parse,
  type FieldNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { BrowsableSchema } from '../../schema/index.ts';
import { describeStep, rootType, stepType, type FieldPath, type PathStep } from './field-path.ts';
import { placeholderValue } from './placeholder-value.ts';

export type AddFieldResult =
  | {
      ok: true;
      query: string;
      variables: Record<string, unknown>;
      changed: boolean;
      message: string;
    }
  | { ok: false; message: string };

interface NewVar {
  name: string;
  type: string;
}

function leafFor(t: GraphQLNamedType): string {
  if (isObjectType(t) || isInterfaceType(t)) {
    const fields = Object.values(t.getFields()).filter(
      (f) =>
        isLeafType(getNamedType(f.type)) &&
        !f.args.some(isRequiredArgument) &&
        f.deprecationReason == null,
    );
    const pick =
      fields.find((f) => f.name === 'id') ?? fields.find((f) => f.name === 'name') ?? fields[0];
    if (pick) return pick.name;
  }
  return '__typename';
}

function findSelection(
  set: SelectionSetNode,
  step: PathStep,
): FieldNode | InlineFragmentNode | undefined {
  for (const s of set.selections) {
    if ('field' in step && s.kind === Kind.FIELD && !s.alias && s.name.value === step.field)
      return s;
    if ('on' in step && s.kind === Kind.INLINE_FRAGMENT && s.typeCondition?.name.value === step.on)
      return s;
  }
  return undefined;
}

/**
 * Adds the field at the end of `path` to the first operation of the path's kind (creating one,
 * or `query { }` in an empty document), declaring the required arguments as variables.
 * Edits the text in place (comments and layout are kept) and returns placeholder values for the
 * new variables.
 */
export function addFieldToQuery(
  schema: BrowsableSchema,
  query: string,
  path: FieldPath,
): AddFieldResult {
  const start = rootType(schema, path.root);
  if (!start) return { ok: false, message: `This schema has no ${path.root} type.` };
  let doc;
  try {
    doc = query.trim() ? parse(query) : undefined;
  } catch (err) {
    return {
      ok: false,
      message: `Fix the query first, then add the field again: ${(err as Error).message}`,
    };
  }
  const op = doc?.definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && d.operation === path.root,
  );
  const unit = /^\t/m.test(query) ? '\t' : '  ';

  // Existing variables of the operation: reuse one of the same name and type.
  const existing = new Map<string, string>();
  for (const v of op?.variableDefinitions ?? [])
    existing.set(v.variable.name.value, query.slice(v.type.loc!.start, v.type.loc!.end));
  const newVars: NewVar[] = [];
  const variables: Record<string, unknown> = {};
  const variableFor = (name: string, type: GraphQLInputType): string => {
    const typeText = String(type);
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? name : `${name}${n}`;
      const known = existing.get(candidate) ?? newVars.find((v) => v.name === candidate)?.type;
      if (known === typeText) return candidate;
      if (known === undefined) {
        newVars.push({ name: candidate, type: typeText });
        variables[candidate] = placeholderValue(type);
        return candidate;
      }
    }
  };

  // Walk the existing selections as far as they match the path.
  let set: SelectionSetNode | undefined = op?.selectionSet;
  let parent: GraphQLNamedType = start;
  let i = 0;
  for (; i < path.steps.length; i++) {
    const step = path.steps[i];
    if (!step) break;
    const found = set ? findSelection(set, step) : undefined;
    const nextType = stepType(schema, parent, step);
    if (!nextType)
      return { ok: false, message: `${describeStep(step)} does not exist on ${parent.name}.` };
    if (!found) break;
    if (i === path.steps.length - 1)
      return {
        ok: true,
        query,
        variables: {},
        changed: false,
        message: `${describeStep(step)} is already in the query.`,
      };
    if (!found.selectionSet) break;
    set = found.selectionSet;
    parent = nextType;
  }

  const rest = path.steps.slice(i);
  // The steps still to write must all exist (a path found in an older schema may not).
  let probe = parent;
  for (const step of rest) {
    const next = stepType(schema, probe, step);
    if (!next)
      return { ok: false, message: `${describeStep(step)} does not exist on ${probe.name}.` };
    probe = next;
  }
  const render = (indent: string): string => {
    const lines: string[] = [];
    let t: GraphQLNamedType = parent;
    rest.forEach((step, k) => {
      const ind = indent + unit.repeat(k);
      if ('on' in step) {
        lines.push(`${ind}... on ${step.on} {`);
        t = schema.getType(step.on)!;
        return;
      }
      const f = (t as { getFields(): Record<string, GraphQLField<unknown, unknown>> }).getFields()[
        step.field
      ];
      if (!f) return;
      const args = f.args
        .filter(isRequiredArgument)
        .map((a) => `${a.name}: $${variableFor(a.name, a.type)}`);
      const head = `${ind}${f.name}${args.length ? `(${args.join(', ')})` : ''}`;
      t = getNamedType(f.type);
      if (k < rest.length - 1) lines.push(`${head} {`);
      else if (isCompositeType(t)) lines.push(`${head} {`, `${ind}${unit}${leafFor(t)}`, `${ind}}`);
      else lines.push(head);
    });
    for (let k = rest.length - 2; k >= 0; k--) lines.push(`${indent}${unit.repeat(k)}}`);
    return lines.join('\n');
  };

  let text: string;
  if (!op || !set) {
    const body = render(unit);
    const defs = newVars.map((v) => `$${v.name}: ${v.type}`).join(', ');
    const created = `${path.root}${defs ? `(${defs})` : ''} {\n${body}\n}\n`;
    text = query.trim() ? `${query.trimEnd()}\n\n${created}` : created;
  } else {
    const close = set.loc!.end - 1;
    const lineStart = query.lastIndexOf('\n', close - 1) + 1;
    const before = query.slice(lineStart, close);
    if (before.trim() === '') {
      text = `${query.slice(0, lineStart)}${render(before + unit)}\n${query.slice(lineStart)}`;
    } else {
      const openLine = query.lastIndexOf('\n', set.loc!.start) + 1;
      const baseIndent = /^[ \t]*/.exec(query.slice(openLine))![0];
      const head = query.slice(0, close).replace(/[ \t]+$/, '');
      text = `${head}\n${render(baseIndent + unit)}\n${baseIndent}${query.slice(close)}`;
    }
    if (newVars.length) text = insertVariableDefinitions(text, query, op, newVars);
  }
  const last = path.steps[path.steps.length - 1];
  return {
    ok: true,
    query: text,
    variables,
    changed: true,
    message: last ? `Added ${describeStep(last)} to the ${path.root}.` : 'Nothing to add.',
  };
}

/** Inserts `$name: Type` definitions; offsets come from `original`, all before the selection edit. */
function insertVariableDefinitions(
  text: string,
  original: string,
  op: OperationDefinitionNode,
  vars: NewVar[],
): string {
  const defs = vars.map((v) => `$${v.name}: ${v.type}`).join(', ');
  const splice = (at: number, s: string) => text.slice(0, at) + s + text.slice(at);
  const defsList = op.variableDefinitions ?? [];
  const lastDef = defsList.at(-1);
  if (lastDef) return splice(lastDef.loc!.end, `, ${defs}`);
  if (op.name) return splice(op.name.loc!.end, `(${defs})`);
  const at = op.loc!.start;
  if (original.startsWith(op.operation, at)) return splice(at + op.operation.length, `(${defs})`);
  return splice(at, `${op.operation}(${defs}) `);
}
