import { Kind, print } from 'graphql';
import type {
  ArgumentNode,
  DocumentNode,
  FieldNode,
  OperationDefinitionNode,
  SelectionSetNode,
} from 'graphql';
import { costBreakdown } from '../../../shared/contracts/cost-breakdown.ts';
import { estimateQueryCost } from '../../../shared/contracts/cost-estimate.ts';
import type { CostLimits, QueryCost } from '../../../shared/contracts/cost-limits.ts';
import { largestFitting } from './largest-fitting';

/**
 * Cost hints: the fields that drive the instance's cost estimate, with their share, and the
 * obvious fixes (a smaller `first:`/`last:`, a duplicate field removed). Pure; the editor shows
 * them as lint diagnostics (cost-hints-lint.ts). A hint shows only when the estimate is at
 * NEAR_SHARE of a limit or over it, so ordinary queries stay clean.
 */

/** A fix the editor can apply: an edit of the query, or of a top-level member of Variables. */
export type CostFix =
  | { label: string; kind: 'query'; from: number; to: number; insert: string }
  | { label: string; kind: 'variable'; name: string; value: number };

export interface CostHint {
  from: number;
  to: number;
  /** `warning` when the query is over the limit the hint is about, else `info`. */
  severity: 'info' | 'warning';
  message: string;
  fix?: CostFix;
}

/** A limit at this share of its value or more gets hints. */
const NEAR_SHARE = 0.5;
/** A field under this share of the field count is not marked. */
const FIELD_SHARE_MIN = 0.1;
/** Most fields marked as drivers of the field count. */
const MAX_DRIVERS = 5;
/** Above this size no hints are computed (as the cost meter, which stops estimating live). */
const MAX_HINT_CHARS = 200_000;

/** 12,345 (the cost meter's format). */
const fmt = (n: number) =>
  Number.isSafeInteger(n) ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',') : n.toExponential(2);

function percent(part: number, whole: number): string {
  const p = (100 * part) / whole;
  return p > 0 && p < 1 ? '< 1' : String(Math.round(p));
}

const hot = (actual: number, limit: number) => actual > limit || actual >= NEAR_SHARE * limit;

function fieldLabel(f: FieldNode): string {
  return f.alias ? `${f.alias.value} (${f.name.value})` : f.name.value;
}

function nameRange(f: FieldNode): { from: number; to: number } {
  return { from: (f.alias ?? f.name).loc?.start ?? 0, to: f.name.loc?.end ?? 0 };
}

/** The first/last argument the estimator takes the field's multiplier from (the last one set). */
function limitArgument(
  f: FieldNode,
  vars: Record<string, unknown>,
  op: OperationDefinitionNode | undefined,
): { arg: ArgumentNode; value: number } | undefined {
  let found: { arg: ArgumentNode; value: number } | undefined;
  for (const arg of f.arguments ?? []) {
    if (arg.name.value !== 'first' && arg.name.value !== 'last') continue;
    const v = arg.value;
    let n: number | undefined;
    if (v.kind === Kind.INT) n = Number(v.value);
    else if (v.kind === Kind.VARIABLE) {
      const name = v.name.value;
      if (Object.hasOwn(vars, name)) n = toInt(vars[name]);
      else {
        const d = op?.variableDefinitions?.find((d) => d.variable.name.value === name);
        if (d?.defaultValue?.kind === Kind.INT) n = Number(d.defaultValue.value);
      }
    }
    if (n !== undefined && n > 0) found = { arg, value: n };
  }
  return found;
}

function toInt(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.trunc(v);
  if (typeof v === 'string' && /^[+-]?\d+$/.test(v)) return Number(v);
  return undefined;
}

interface Unit {
  set: SelectionSetNode;
  op?: OperationDefinitionNode;
  what: string;
}

function unitsOf(doc: DocumentNode): Unit[] {
  return doc.definitions.flatMap((d): Unit[] =>
    d.kind === Kind.OPERATION_DEFINITION
      ? [{ set: d.selectionSet, op: d, what: 'this operation' }]
      : d.kind === Kind.FRAGMENT_DEFINITION
        ? [{ set: d.selectionSet, what: `fragment ${d.name.value}` }]
        : [],
  );
}

/** Every field of a unit with its operation, inline fragments' included, spreads' not. */
function fieldsOf(unit: Unit, out: { field: FieldNode; unit: Unit }[] = []) {
  const visit = (set: SelectionSetNode) => {
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        out.push({ field: sel, unit });
        if (sel.selectionSet) visit(sel.selectionSet);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) visit(sel.selectionSet);
    }
  };
  visit(unit.set);
  return out;
}

interface Context {
  query: string;
  vars: Record<string, unknown>;
  limits: CostLimits;
  cost: QueryCost;
  doc: DocumentNode;
  counts: Map<FieldNode, number>;
}

/** The `first:` fix for one driver, and what the message says about it. */
function* limitFix(
  ctx: Context,
  field: FieldNode,
  op: OperationDefinitionNode | undefined,
): Generator<void, { text: string; fix?: CostFix }> {
  const found = limitArgument(field, ctx.vars, op);
  if (!found) return { text: '' };
  const { arg, value } = found;
  const argName = arg.name.value;
  const limit = ctx.limits.graphQLMaxFieldCount;
  const count = (text: string, vars: Record<string, unknown>) => {
    const e = estimateQueryCost(text, vars);
    return e.ok ? e.cost.fieldCount : undefined;
  };
  const replaced = (from: number, to: number, n: number) =>
    ctx.query.slice(0, from) + String(n) + ctx.query.slice(to);
  const v = arg.value;
  if (v.kind === Kind.VARIABLE) {
    const name = v.name.value;
    if (Object.hasOwn(ctx.vars, name)) {
      const n = yield* largestFitting(
        (n) => count(ctx.query, { ...ctx.vars, [name]: n }),
        value,
        limit,
      );
      const said = `${argName} is $${name} (${fmt(value)} in Variables)`;
      if (n === undefined) return { text: ` ${said}; even 1 is over the limit.` };
      return {
        text: ` ${said}; ${fmt(n)} is the largest value that fits.`,
        fix: { label: `Set $${name} to ${n} in Variables`, kind: 'variable', name, value: n },
      };
    }
    const def = op?.variableDefinitions?.find((d) => d.variable.name.value === name);
    const d = def?.defaultValue;
    if (!d?.loc) return { text: '' };
    const { start, end } = d.loc;
    const n = yield* largestFitting((n) => count(replaced(start, end, n), ctx.vars), value, limit);
    const said = `${argName} is $${name} (default ${fmt(value)})`;
    if (n === undefined) return { text: ` ${said}; even 1 is over the limit.` };
    return {
      text: ` ${said}; ${fmt(n)} is the largest value that fits.`,
      fix: {
        label: `Set the default of $${name} to ${n}`,
        kind: 'query',
        from: start,
        to: end,
        insert: String(n),
      },
    };
  }
  if (!v.loc) return { text: '' };
  const { start, end } = v.loc;
  const n = yield* largestFitting((n) => count(replaced(start, end, n), ctx.vars), value, limit);
  if (n === undefined) return { text: ` Even ${argName}: 1 is over the limit.` };
  return {
    text: ` ${argName}: ${fmt(n)} is the largest value that fits.`,
    fix: {
      label: `Lower ${argName} to ${n}`,
      kind: 'query',
      from: start,
      to: end,
      insert: String(n),
    },
  };
}

/** The fields that add most to the field count: those with a first/last, else top-level ones. */
function* fieldCountHints(ctx: Context): Generator<void, CostHint[]> {
  const { cost, limits, counts } = ctx;
  const limit = limits.graphQLMaxFieldCount;
  const total = cost.fieldCount;
  if (!hot(total, limit)) return [];
  const over = total > limit;
  const count = (f: FieldNode) => counts.get(f) ?? 0;
  const top = new Set(unitsOf(ctx.doc).flatMap((u) => (u.op ? u.set.selections : [])));
  const all = unitsOf(ctx.doc).flatMap((u) => fieldsOf(u));
  const multiplied = all.filter(({ field, unit }) => limitArgument(field, ctx.vars, unit.op));
  const topLevel = all.filter(({ field }) => top.has(field));
  const big = (list: typeof all) =>
    list.filter(({ field }) => count(field) >= FIELD_SHARE_MIN * total);
  // Fields with a limit that add much, else top-level ones that do, else the largest of either
  // (a count spread over many fields still names some).
  let drivers = big(multiplied);
  if (drivers.length === 0) drivers = big(topLevel);
  if (drivers.length === 0) drivers = [...new Set([...multiplied, ...topLevel])];
  drivers = drivers
    .filter(({ field }) => count(field) > 0)
    .sort((a, b) => count(b.field) - count(a.field))
    .slice(0, MAX_DRIVERS);
  const state = over
    ? `The field count is over the limit (${fmt(limit)}): the instance will refuse this query.`
    : `The query is at ${percent(total, limit)} % of the field count limit (${fmt(limit)}).`;
  const out: CostHint[] = [];
  for (const { field, unit } of drivers) {
    const c = count(field);
    const fix = over ? yield* limitFix(ctx, field, unit.op) : { text: '' };
    out.push({
      ...nameRange(field),
      severity: over ? 'warning' : 'info',
      message:
        `${fieldLabel(field)}: ${percent(c, total)} % of the field count ` +
        `(${fmt(c)} of ${fmt(total)}). ${state}${fix.text}`,
      ...(fix.fix ? { fix: fix.fix } : {}),
    });
  }
  return out;
}

/** A field selected again in the same selection set, same arguments, directives and fields. */
function duplicateHints(ctx: Context, severity: CostHint['severity']): CostHint[] {
  const out: CostHint[] = [];
  const visit = (set: SelectionSetNode) => {
    // Printed only where a response key repeats: print is linear in what the field selects.
    const keys = new Map<string, number>();
    for (const sel of set.selections) {
      if (sel.kind !== Kind.FRAGMENT_SPREAD && sel.selectionSet) visit(sel.selectionSet);
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        keys.set(key, (keys.get(key) ?? 0) + 1);
      }
    }
    const seen = new Set<string>();
    for (const sel of set.selections) {
      if (sel.kind !== Kind.FIELD || !sel.loc) continue;
      if ((keys.get(sel.alias?.value ?? sel.name.value) ?? 0) < 2) continue;
      const printed = print(sel);
      if (!seen.has(printed)) {
        seen.add(printed);
        continue;
      }
      // The copy and the blanks and commas before it.
      let from = sel.loc.start;
      while (from > 0 && /[\s,]/.test(ctx.query[from - 1]!)) from--;
      const c = ctx.counts.get(sel) ?? 0;
      const label = fieldLabel(sel);
      out.push({
        ...nameRange(sel),
        severity,
        message:
          `${label} is selected twice here, with the same arguments and fields: the copy ` +
          (c > 0 ? `adds ${fmt(c)} to the field count` : 'counts toward the duplicate fields') +
          ' and changes nothing in the response.',
        fix: {
          label: `Remove duplicate ${label}`,
          kind: 'query',
          from,
          to: sel.loc.end,
          insert: '',
        },
      });
    }
  };
  for (const u of unitsOf(ctx.doc)) visit(u.set);
  return out;
}

/**
 * The duplicate field count is the most times one field name occurs in an operation (or a
 * fragment), at any depth: the first occurrence of that name is marked.
 */
function duplicateCountHint(ctx: Context): CostHint[] {
  const limit = ctx.limits.graphQLMaxDuplicateFieldCount;
  const actual = ctx.cost.highestDuplicateFieldCount;
  if (!hot(actual, limit) || actual < 2) return [];
  for (const u of unitsOf(ctx.doc)) {
    const byName = new Map<string, FieldNode[]>();
    for (const { field } of fieldsOf(u)) {
      const list = byName.get(field.name.value);
      if (list) list.push(field);
      else byName.set(field.name.value, [field]);
    }
    for (const [name, fields] of byName) {
      if (fields.length !== actual) continue;
      const over = actual > limit;
      return [
        {
          ...nameRange(fields[0]!),
          severity: over ? 'warning' : 'info',
          message:
            `${name} occurs ${fmt(actual)} times in ${u.what} (at any depth), ` +
            (over
              ? `over the duplicate field limit (${fmt(limit)}): the instance will refuse this query.`
              : `${percent(actual, limit)} % of the duplicate field limit (${fmt(limit)}).`),
        },
      ];
    }
  }
  return [];
}

/**
 * The hints for a query with its variables against the limits, as the instance would estimate
 * it (the whole document). None when it cannot be estimated or no limit is near.
 */
export function costHints(
  query: string,
  vars: Record<string, unknown>,
  limits: CostLimits,
): CostHint[] {
  const steps = costHintSteps(query, vars, limits);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `costHints` in steps of a few estimates each: the editor runs one per idle moment, so a long
 * query's fixes never make one long task.
 */
export function* costHintSteps(
  query: string,
  vars: Record<string, unknown>,
  limits: CostLimits,
): Generator<void, CostHint[]> {
  if (query.length > MAX_HINT_CHARS) return [];
  const b = costBreakdown(query, vars);
  if (!b.ok) return [];
  const { cost } = b;
  const pairs: [number, number][] = [
    [cost.fieldCount, limits.graphQLMaxFieldCount],
    [cost.highestDuplicateFieldCount, limits.graphQLMaxDuplicateFieldCount],
    [cost.aliasCount, limits.graphQLMaxAliases],
    [cost.uniqueFieldCount, limits.graphQLMaxUniqueFieldCount],
    [cost.maxDepth, limits.graphQLMaxDepth],
  ];
  if (!pairs.some(([a, l]) => hot(a, l))) return [];
  const ctx: Context = { query, vars, limits, cost, doc: b.document, counts: b.fieldCounts };
  const over = pairs.some(([a, l]) => a > l);
  yield;
  return [
    ...(yield* fieldCountHints(ctx)),
    ...duplicateHints(ctx, over ? 'warning' : 'info'),
    ...duplicateCountHint(ctx),
  ].sort((a, b) => a.from - b.from);
}
