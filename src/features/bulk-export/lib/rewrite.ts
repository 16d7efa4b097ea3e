/**
 * Rewrites an operation to page through one of its lists: only the path to the list is kept
 * (other fields would be fetched again with every page), the list's field gets
 * `first: $pageSize, after: $cursor` in place of its own `first`/`after`/`last`/`before`, and
 * its selection becomes the rows (`nodes`, else `edges`) plus `totalCount` (where the type has
 * it) and `pageInfo { hasNextPage endCursor }`. Variables and fragments the result no longer
 * uses are dropped (GraphQL rejects unused ones). Expected failures are values. Pure.
 */
import {
  getNamedType,
  getNullableType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  print,
  visit,
  type ArgumentNode,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
  type TypeNode,
  type VariableDefinitionNode,
} from 'graphql';
import { columnsOf, type Column } from './columns.ts';
import type { ConnectionRef } from './connections.ts';

export interface PagedOperation {
  query: string;
  operationName?: string;
  /** The user's variables the rewritten operation still declares. */
  variables: Record<string, unknown>;
  pageSizeVariable: string;
  cursorVariable: string;
  /** Response keys from `data` to the connection. */
  path: string[];
  /** Where the rows are: `nodes[]`, or `edges[]` (columns then start at the edge). */
  rows: 'nodes' | 'edges';
  columns: Column[];
  /** The connection has `totalCount`: the progress knows the total. */
  totalCount: boolean;
  /** The `first` argument's documented maximum, when its description gives one. */
  documentedMax?: number;
}

export type RewriteResult = { ok: true; value: PagedOperation } | { ok: false; error: string };

type AnyField = GraphQLField<unknown, unknown>;

function fieldsOf(type: GraphQLNamedType | null | undefined) {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields() : undefined;
}

const name = (value: string) => ({ kind: Kind.NAME, value }) as const;
const variable = (value: string) => ({ kind: Kind.VARIABLE, name: name(value) }) as const;
const field = (n: string, selections?: readonly SelectionNode[]): FieldNode => ({
  kind: Kind.FIELD,
  name: name(n),
  selectionSet: selections ? { kind: Kind.SELECTION_SET, selections } : undefined,
});

function typeNode(type: GraphQLInputType, nonNull: boolean): TypeNode {
  const inner = getNullableType(type);
  // `first` / `after` are scalars; a list type here would not page, so it is not handled.
  const named = { kind: Kind.NAMED_TYPE, name: name(getNamedType(inner).name) } as const;
  return nonNull ? { kind: Kind.NON_NULL_TYPE, type: named } : named;
}

/** A maximum stated in a description: "at most 100", "maximum of 1,000", "up to 50", "max 25". */
export function documentedMaximum(...texts: (string | null | undefined)[]): number | undefined {
  let best: number | undefined;
  for (const text of texts) {
    const re =
      /\b(?:at most|maximum(?: of| is)?|max\.?|up to|no more than|limit(?:ed)? (?:of|to))\s+(\d[\d,]*)/gi;
    for (const m of (text ?? '').matchAll(re)) {
      const n = Number(m[1]!.replaceAll(',', ''));
      if (n > 0 && (best === undefined || n < best)) best = n;
    }
  }
  return best;
}

function freshName(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let i = 2; ; i++) if (!taken.has(`${wanted}${i}`)) return `${wanted}${i}`;
}

function responseKey(sel: FieldNode): string {
  return sel.alias?.value ?? sel.name.value;
}

/** The fields named `key` in `set`, through inline fragments (they may repeat, to be merged). */
function fieldsNamed(set: SelectionSetNode, key: string): FieldNode[] {
  const out: FieldNode[] = [];
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD && responseKey(sel) === key) out.push(sel);
    else if (sel.kind === Kind.INLINE_FRAGMENT) out.push(...fieldsNamed(sel.selectionSet, key));
  }
  return out;
}

function variablesIn(node: OperationDefinitionNode | FragmentDefinitionNode): Set<string> {
  const used = new Set<string>();
  visit(node.selectionSet, { Variable: (v) => void used.add(v.name.value) });
  for (const d of node.directives ?? []) visit(d, { Variable: (v) => void used.add(v.name.value) });
  return used;
}

function spreadsIn(node: SelectionSetNode): Set<string> {
  const out = new Set<string>();
  visit(node, { FragmentSpread: (s) => void out.add(s.name.value) });
  return out;
}

interface Ctx {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  label: string;
  pageSizeVariable: string;
  cursorVariable: string;
}

type Info = Omit<PagedOperation, 'query' | 'variables' | 'operationName'>;

interface Built {
  set: SelectionSetNode;
  info: Info;
  /** Types of the page size and cursor variables (those of the field's `first` and `after`). */
  varTypes: [TypeNode, TypeNode];
}

const selectionSet = (selections: readonly SelectionNode[]): SelectionSetNode => ({
  kind: Kind.SELECTION_SET,
  selections,
});

/** The selection set keeping only the path `path[depth..]`, the list at its end rewritten. */
function buildPath(
  set: SelectionSetNode,
  parent: GraphQLNamedType,
  path: readonly string[],
  depth: number,
  ctx: Ctx,
): Built {
  const found = fieldsNamed(set, path[depth]!);
  const first = found[0];
  const def: AnyField | undefined = first && fieldsOf(parent)?.[first.name.value];
  if (!first || !def) throw new RewriteError(`The list ${ctx.label} is no longer in the query.`);
  // The same response key more than once: GraphQL merges their selections; so do we.
  const merged = selectionSet(found.flatMap((f) => f.selectionSet?.selections ?? []));
  const type = getNamedType(def.type);
  if (depth === path.length - 1) return buildConnection(first, merged, def, type, path, ctx);
  const inner = buildPath(merged, type, path, depth + 1, ctx);
  return { ...inner, set: selectionSet([{ ...first, selectionSet: inner.set }]) };
}

function buildConnection(
  node: FieldNode,
  set: SelectionSetNode,
  def: AnyField,
  type: GraphQLNamedType,
  path: readonly string[],
  ctx: Ctx,
): Built {
  const fields = fieldsOf(type) ?? {};
  const named = (n: string) => fieldsNamed(set, n).filter((f) => f.name.value === n);
  const nodes = named('nodes');
  const edges = named('edges');
  const rows =
    nodes.length && fields.nodes ? 'nodes' : edges.length && fields.edges ? 'edges' : undefined;
  if (!rows)
    throw new RewriteError(
      `Select the fields to export inside ${ctx.label} { nodes { … } } (or edges { node { … } }).`,
    );
  const rowSet = selectionSet(
    (rows === 'nodes' ? nodes : edges).flatMap((f) => f.selectionSet?.selections ?? []),
  );
  const columns = columnsOf(rowSet, getNamedType(fields[rows]!.type), ctx.schema, ctx.fragments);
  if (columns.length === 0) throw new RewriteError(`Select some fields of ${ctx.label}'s ${rows}.`);
  const total = fields.totalCount;
  const totalCount =
    !!total && total.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined);
  const paging = new Set(['first', 'after', 'last', 'before']);
  const args: ArgumentNode[] = [
    ...(node.arguments ?? []).filter((a) => !paging.has(a.name.value)),
    { kind: Kind.ARGUMENT, name: name('first'), value: variable(ctx.pageSizeVariable) },
    { kind: Kind.ARGUMENT, name: name('after'), value: variable(ctx.cursorVariable) },
  ];
  const selections: SelectionNode[] = [
    { kind: Kind.FIELD, name: name(rows), selectionSet: rowSet },
    ...(totalCount ? [field('totalCount')] : []),
    field('pageInfo', [field('hasNextPage'), field('endCursor')]),
  ];
  const firstArg = def.args.find((a) => a.name === 'first')!;
  const afterArg = def.args.find((a) => a.name === 'after')!;
  return {
    set: selectionSet([{ ...node, arguments: args, selectionSet: selectionSet(selections) }]),
    varTypes: [typeNode(firstArg.type, true), typeNode(afterArg.type, false)],
    info: {
      pageSizeVariable: ctx.pageSizeVariable,
      cursorVariable: ctx.cursorVariable,
      path: [...path],
      rows,
      columns,
      totalCount,
      documentedMax: documentedMaximum(firstArg.description, def.description),
    },
  };
}

/** Fragments `set` spreads, and those they spread. */
function reachableFragments(
  set: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Set<string> {
  const keep = new Set<string>();
  const queue = [...spreadsIn(set)];
  while (queue.length) {
    const n = queue.pop()!;
    const frag = fragments.get(n);
    if (keep.has(n) || !frag) continue;
    keep.add(n);
    queue.push(...spreadsIn(frag.selectionSet));
  }
  return keep;
}

/** Rewrites the operation of `source` that holds `ref` to page through it. */
export function rewriteForPaging(
  source: string,
  ref: ConnectionRef,
  schema: GraphQLSchema,
  variables: Record<string, unknown>,
): RewriteResult {
  let doc: DocumentNode;
  try {
    doc = parse(source, { noLocation: true });
  } catch (err) {
    return { ok: false, error: `The query does not parse: ${(err as Error).message}` };
  }
  const ops = doc.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const op = ops[ref.operation];
  const root = op && schema.getRootType(op.operation);
  if (!op || !root) return { ok: false, error: 'The operation holding this list is gone.' };
  const fragments = new Map(
    doc.definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((f) => [f.name.value, f]),
  );
  // The new variables' names must not clash with any the operation declares.
  const declared = new Set((op.variableDefinitions ?? []).map((v) => v.variable.name.value));
  const pageSizeVariable = freshName('pageSize', declared);
  const cursorVariable = freshName('cursor', new Set([...declared, pageSizeVariable]));
  const ctx: Ctx = {
    schema,
    fragments,
    label: ref.path.join('.'),
    pageSizeVariable,
    cursorVariable,
  };

  let built: Built;
  try {
    built = buildPath(op.selectionSet, root, ref.path, 0, ctx);
  } catch (err) {
    if (err instanceof RewriteError) return { ok: false, error: err.message };
    throw err;
  }
  const paged: OperationDefinitionNode = { ...op, selectionSet: built.set };
  const keep = reachableFragments(paged.selectionSet, fragments);
  const used = variablesIn(paged);
  for (const n of keep) for (const v of variablesIn(fragments.get(n)!)) used.add(v);
  const definitions: VariableDefinitionNode[] = [
    ...(op.variableDefinitions ?? []).filter((v) => used.has(v.variable.name.value)),
    {
      kind: Kind.VARIABLE_DEFINITION,
      variable: variable(pageSizeVariable),
      type: built.varTypes[0],
    },
    { kind: Kind.VARIABLE_DEFINITION, variable: variable(cursorVariable), type: built.varTypes[1] },
  ];
  const out: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      { ...paged, variableDefinitions: definitions },
      ...[...fragments.values()].filter((f) => keep.has(f.name.value)),
    ],
  };
  const kept: Record<string, unknown> = {};
  for (const v of definitions) {
    const n = v.variable.name.value;
    if (Object.hasOwn(variables, n)) kept[n] = variables[n];
  }
  return {
    ok: true,
    value: { ...built.info, operationName: op.name?.value, query: print(out), variables: kept },
  };
}

class RewriteError extends Error {}
