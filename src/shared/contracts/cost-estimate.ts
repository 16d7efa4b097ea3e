/**
 * The instance's GraphQL cost estimator (version 2 of the walk, quirks
 * included). One module serves the sandbox's limit check and the console's cost meter, so it is
 * pure: it imports only graphql-js's parser and AST types, no Node or browser APIs. The
 * instance's own test table checks it (cost-estimate.oracle.test.ts).
 *
 * Safety: the query is scanned lexically for bracket nesting before parsing, so a pathological
 * query (10,000 levels deep) is refused without recursing; every recursive step below is then
 * bounded by {@link MAX_NESTING}. A fragment cycle is detected and reported as a failed estimate.
 */
import { Kind, parse } from 'graphql';
import type { CostEstimate, CostHotspot, QueryCost } from './cost-limits.ts';
import type {
  DirectiveNode,
  DocumentNode,
  FieldNode,
  FragmentSpreadNode,
  FragmentDefinitionNode,
  InlineFragmentNode,
  OperationDefinitionNode,
  SelectionNode,
  SelectionSetNode,
  ValueNode,
} from 'graphql';

/** Deepest bracket nesting (`{`, `(`, `[`) the estimator agrees to parse. */
export const MAX_NESTING = 500;
/** Most tokens the estimator agrees to parse (graphql-js `maxTokens`). */
export const MAX_TOKENS = 100_000;

/**
 * Deepest nesting of `{`, `(` and `[` in a GraphQL document, ignoring strings, block strings and
 * comments. Linear and non-recursive, so it is safe on any input; used to refuse absurdly deep
 * queries before anything recursive (parser, walk, validation, execution) sees them.
 */
export function nestingDepth(query: string): number {
  let depth = 0;
  let max = 0;
  const n = query.length;
  for (let i = 0; i < n; i++) {
    const c = query.charCodeAt(i);
    if (c === 0x7b || c === 0x28 || c === 0x5b) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 0x7d || c === 0x29 || c === 0x5d) {
      if (depth > 0) depth--;
    } else if (c === 0x23) {
      while (i < n && query.charCodeAt(i) !== 0x0a && query.charCodeAt(i) !== 0x0d) i++;
    } else if (c === 0x22) {
      if (query.startsWith('"""', i)) {
        const end = query.indexOf('"""', i + 3);
        // Escaped \""" inside block strings: skip past them.
        let j = end;
        while (j !== -1 && query.charCodeAt(j - 1) === 0x5c) j = query.indexOf('"""', j + 3);
        i = j === -1 ? n : j + 2;
      } else {
        i++;
        while (i < n) {
          const d = query.charCodeAt(i);
          if (d === 0x5c) i += 2;
          else if (d === 0x22 || d === 0x0a) break;
          else i++;
        }
      }
    }
  }
  return max;
}

class EstimateError extends Error {}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Go's strconv.Atoi: an optional sign and ASCII digits, nothing around them, within int64.
 * Anything else fails the estimate.
 */
function atoi(text: string): number {
  if (!/^[+-]?[0-9]+$/.test(text)) {
    throw new EstimateError(`unsupported value: ${JSON.stringify(text)} is not an integer`);
  }
  const n = BigInt(text);
  if (n < INT64_MIN || n > INT64_MAX) {
    throw new EstimateError('unsupported value: first/last out of range');
  }
  return Number(n);
}

/** What the instance makes of a supplied variable used as a limit (its extractInt). */
function extractInt(value: unknown, name: string): number {
  if (value === null) return 0;
  if (typeof value === 'string') return atoi(value);
  // JSON numbers arrive as float64 and are truncated. Beyond int64 Go's conversion is
  // platform-defined; failing keeps an Infinity limit from turning the multiplier into NaN
  // when divided out (a NaN field count passes every limit check).
  if (typeof value === 'number' && Math.abs(value) < 2 ** 63) return Math.trunc(value);
  throw new EstimateError(`unsupported value for variable "${name}"`);
}

interface UnitCost {
  fieldCount: number;
  aliasCount: number;
  uniqueCount: number;
  duplicate: number;
  maxDepth: number;
}

/**
 * Watches an estimate without changing it (cost-breakdown.ts attributes the field count to
 * fields with it). A unit is one walk: an operation, a fragment definition, or an inline
 * fragment's separate walk.
 */
export interface CostTrace {
  document(doc: DocumentNode): void;
  /** An operation's walk: its field count is the estimate's (a unit of weight 1). */
  operation(unit: object): void;
  /** Within `unit`, `field` (with what it selects) added `count`; may come twice, summed. */
  field(unit: object, field: FieldNode, count: number): void;
  /** `unit` added `source`'s field count times `factor` (a spread, or the largest inline fragment). */
  uses(unit: object, source: object, factor: number): void;
}

interface Shared {
  /** Named fragments' costs, and (quirk) inline fragments' costs under their type name. */
  table: Map<string, UnitCost>;
  variables: Record<string, unknown>;
  /** Separate-walk results of inline fragments, so nested inline fragments stay linear. */
  inlineMemo: Map<InlineFragmentNode, UnitCost>;
  trace?: CostTrace;
  /** With a trace: which walk each table entry's count comes from, and times what. */
  sources: Map<string, { unit: Walk; factor: number }>;
  inlineWalks: Map<InlineFragmentNode, Walk>;
}

interface Listed {
  type: string;
  top: number;
  /** With a trace: the fields around the inline fragment, which its count is added to. */
  fields?: FieldNode[];
}

/** One walk over an operation, a fragment definition, or (separately) an inline fragment. */
class Walk {
  depth = 0;
  maxDepth = 0;
  multiplier = 1;
  pending = 1;
  stack: number[] = [];
  fieldCount = 0;
  aliasCount = 0;
  uniqueFromSpreads = 0;
  duplicate = 0;
  names = new Map<string, number>();
  listed: Listed[] = [];
  inInline = 0;
  varNonNull = new Map<string, boolean>();
  /** Int defaults of the operation's variables, as written (parsed when used, like Go's Atoi). */
  varDefault = new Map<string, string>();
  /** Index of the top-level selection being walked (for the hotspot), -1 outside. */
  top = -1;
  topCounts: number[] = [];
  /** With a trace: the fields being walked, outermost first. */
  fieldStack: FieldNode[] = [];

  constructor(private shared: Shared) {}

  selectionSet(set: SelectionSetNode, isTop = false): void {
    this.depth++;
    if (this.depth > this.maxDepth) this.maxDepth = this.depth;
    this.stack.push(this.pending);
    this.multiplier *= this.pending;
    this.pending = 1;
    set.selections.forEach((sel, i) => {
      if (isTop) {
        this.top = i;
        this.topCounts[i] = 0;
      }
      const before = this.fieldCount;
      this.selection(sel);
      if (isTop) this.topCounts[i] = (this.topCounts[i] ?? 0) + this.fieldCount - before;
    });
    if (isTop) this.top = -1;
    this.depth--;
    const popped = this.stack.pop() ?? 1;
    this.multiplier /= popped;
    this.pending = popped;
  }

  selection(sel: SelectionNode): void {
    if (sel.kind === Kind.FIELD) this.field(sel);
    else if (sel.kind === Kind.FRAGMENT_SPREAD) this.spread(sel);
    else this.inline(sel);
  }

  field(field: FieldNode): void {
    const before = this.fieldCount;
    const trace = this.shared.trace;
    if (trace) this.fieldStack.push(field);
    if (field.alias) this.aliasCount++;
    const name = field.name.value;
    this.names.set(name, (this.names.get(name) ?? 0) + 1);
    if (name !== 'nodes' && name !== '__typename' && this.inInline === 0) {
      this.fieldCount += this.multiplier;
    }
    for (const arg of field.arguments ?? []) {
      if (arg.name.value === 'first' || arg.name.value === 'last') this.limit(arg.value);
    }
    this.directives(field.directives);
    if (field.selectionSet) this.selectionSet(field.selectionSet);
    if (trace) {
      this.fieldStack.pop();
      trace.field(this, field, this.fieldCount - before);
    }
  }

  /**
   * The instance checks every argument named first/last, a directive's included (the walk
   * visits a node's directives after its arguments and before its selection set).
   */
  directives(directives: readonly DirectiveNode[] | undefined): void {
    for (const d of directives ?? []) {
      for (const arg of d.arguments ?? []) {
        if (arg.name.value === 'first' || arg.name.value === 'last') this.limit(arg.value);
      }
    }
  }

  /**
   * A first/last value. Only an Int literal or a variable counts; any other literal is left
   * alone, as the instance has no case for it. A variable present in the request (even as
   * null, which counts as 0) is used as supplied; only an absent one falls back to the
   * non-null check, then the default, then 1.
   */
  limit(value: ValueNode): void {
    let l: number;
    if (value.kind === Kind.INT) {
      l = atoi(value.value);
    } else if (value.kind === Kind.VARIABLE) {
      const name = value.name.value;
      const vars = this.shared.variables;
      if (Object.hasOwn(vars, name)) {
        l = extractInt(vars[name], name);
      } else if (this.varNonNull.get(name)) {
        throw new EstimateError(`missing nonnull variable: "${name}"`);
      } else {
        const d = this.varDefault.get(name);
        if (d === undefined) {
          this.pending = 1;
          return;
        }
        l = atoi(d);
      }
    } else {
      return;
    }
    if (l > 0) this.pending = l;
  }

  spread(node: FragmentSpreadNode): void {
    const name = node.name.value;
    const frag = this.shared.table.get(name);
    if (!frag) throw new EstimateError(`unknown fragment "${name}"`);
    const source = this.shared.trace && this.shared.sources.get(name);
    if (source) this.shared.trace?.uses(this, source.unit, source.factor * this.multiplier);
    this.fieldCount += frag.fieldCount * this.multiplier;
    this.aliasCount += frag.aliasCount;
    this.uniqueFromSpreads += frag.uniqueCount;
    this.duplicate = Math.max(this.duplicate, frag.duplicate);
    this.directives(node.directives);
  }

  inline(frag: InlineFragmentNode): void {
    if (!frag.typeCondition) throw new EstimateError('inline fragment without type condition');
    const type = frag.typeCondition.name.value;
    let that = this.shared.inlineMemo.get(frag);
    if (!that) {
      // Fresh state, same fragments and supplied variables; the operation's variable
      // definitions are not known there, so a default is not used and a missing non-null
      // variable counts as 1 (the outer walk still reports it).
      const sub = new Walk(this.shared);
      sub.selectionSet(frag.selectionSet);
      that = sub.finish();
      this.shared.inlineMemo.set(frag, that);
      if (this.shared.trace) this.shared.inlineWalks.set(frag, sub);
    }
    this.shared.table.set(type, { ...that, fieldCount: that.fieldCount * this.multiplier });
    const sub = this.shared.trace && this.shared.inlineWalks.get(frag);
    if (sub) this.shared.sources.set(type, { unit: sub, factor: this.multiplier });
    this.listed.push(
      this.shared.trace
        ? { type, top: this.top, fields: [...this.fieldStack] }
        : { type, top: this.top },
    );
    this.directives(frag.directives);
    this.inInline++;
    this.selectionSet(frag.selectionSet);
    this.inInline--;
  }

  finish(): UnitCost {
    let best: Listed | undefined;
    let bestCount = 0;
    for (const l of this.listed) {
      const c = this.shared.table.get(l.type)?.fieldCount ?? 0;
      if (!best || c > bestCount) {
        best = l;
        bestCount = c;
      }
    }
    if (best) {
      this.fieldCount += bestCount;
      if (best.top >= 0) this.topCounts[best.top] = (this.topCounts[best.top] ?? 0) + bestCount;
      const trace = this.shared.trace;
      const source = trace && this.shared.sources.get(best.type);
      if (trace && source) {
        trace.uses(this, source.unit, source.factor);
        for (const f of best.fields ?? []) trace.field(this, f, bestCount);
      }
    }
    for (const count of this.names.values()) {
      if (count > 1 && count > this.duplicate) this.duplicate = count;
    }
    return {
      fieldCount: this.fieldCount,
      aliasCount: this.aliasCount,
      uniqueCount: Math.max(this.uniqueFromSpreads, this.names.size),
      duplicate: this.duplicate,
      maxDepth: this.maxDepth,
    };
  }
}

function spreadsOf(set: SelectionSetNode, out: Set<string>): void {
  for (const sel of set.selections) {
    if (sel.kind === Kind.FRAGMENT_SPREAD) out.add(sel.name.value);
    else if (sel.selectionSet) spreadsOf(sel.selectionSet, out);
  }
}

/** Costs named fragments, each after every fragment it spreads; a cycle fails the estimate. */
function costFragments(frags: FragmentDefinitionNode[], shared: Shared): void {
  const names = new Set(frags.map((f) => f.name.value));
  const deps = new Map<FragmentDefinitionNode, Set<string>>();
  for (const f of frags) {
    const s = new Set<string>();
    spreadsOf(f.selectionSet, s);
    for (const d of s) if (!names.has(d)) throw new EstimateError(`unknown fragment "${d}"`);
    deps.set(f, s);
  }
  const done = new Set<string>();
  let remaining = frags;
  while (remaining.length > 0) {
    const next: FragmentDefinitionNode[] = [];
    for (const f of remaining) {
      const ready = [...(deps.get(f) ?? [])].every((d) => done.has(d));
      if (!ready) {
        next.push(f);
        continue;
      }
      const w = new Walk(shared);
      w.directives(f.directives);
      w.selectionSet(f.selectionSet);
      shared.table.set(f.name.value, w.finish());
      if (shared.trace) shared.sources.set(f.name.value, { unit: w, factor: 1 });
      done.add(f.name.value);
    }
    if (next.length === remaining.length) {
      throw new EstimateError(
        `fragment cycle: ${next.map((f) => `"${f.name.value}"`).join(', ')} spread each other`,
      );
    }
    remaining = next;
  }
}

function hotspotOf(op: OperationDefinitionNode, w: Walk): CostHotspot | undefined {
  let best = -1;
  let bestCount = 0;
  w.topCounts.forEach((c, i) => {
    if (c > 0 && (best === -1 || c > bestCount)) {
      best = i;
      bestCount = c;
    }
  });
  const sel = op.selectionSet.selections[best];
  if (!sel) return undefined;
  const name =
    sel.kind === Kind.FIELD
      ? (sel.alias ? `${sel.alias.value}: ` : '') + sel.name.value
      : sel.kind === Kind.FRAGMENT_SPREAD
        ? `...${sel.name.value}`
        : `... on ${sel.typeCondition?.name.value ?? '?'}`;
  const loc = sel.loc;
  return {
    name,
    fieldCount: bestCount,
    line: loc?.startToken.line ?? 1,
    column: loc?.startToken.column ?? 1,
  };
}

/**
 * Estimates a query's cost as the instance does before validating or executing it.
 * `{ ok: false }` means the instance could not estimate (syntax error, unknown fragment, missing
 * non-null variable, fragment cycle, absurd nesting): it then skips the limits and lets
 * validation report the problem.
 */
export function estimateQueryCost(
  query: string,
  variables?: Record<string, unknown> | null,
  trace?: CostTrace,
): CostEstimate {
  const nesting = nestingDepth(query);
  if (nesting > MAX_NESTING) {
    return {
      ok: false,
      error: `query is nested ${nesting} levels deep; more than ${MAX_NESTING} cannot be estimated`,
    };
  }
  let doc: DocumentNode;
  try {
    doc = parse(query, { maxTokens: MAX_TOKENS });
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  const vars =
    variables && typeof variables === 'object' && !Array.isArray(variables) ? variables : {};
  const shared: Shared = {
    table: new Map(),
    variables: vars,
    inlineMemo: new Map(),
    trace,
    sources: new Map(),
    inlineWalks: new Map(),
  };
  trace?.document(doc);
  try {
    const frags: FragmentDefinitionNode[] = [];
    const ops: OperationDefinitionNode[] = [];
    for (const def of doc.definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) frags.push(def);
      else if (def.kind === Kind.OPERATION_DEFINITION) ops.push(def);
    }
    costFragments(frags, shared);
    const cost: QueryCost = {
      fieldCount: 0,
      maxDepth: 0,
      aliasCount: 0,
      highestDuplicateFieldCount: 0,
      uniqueFieldCount: 0,
    };
    let hotspot: CostHotspot | undefined;
    for (const op of ops) {
      const w = new Walk(shared);
      trace?.operation(w);
      for (const v of op.variableDefinitions ?? []) {
        const name = v.variable.name.value;
        w.varNonNull.set(name, v.type.kind === Kind.NON_NULL_TYPE);
        if (v.defaultValue?.kind === Kind.INT) w.varDefault.set(name, v.defaultValue.value);
      }
      w.directives(op.directives);
      w.selectionSet(op.selectionSet, true);
      const c = w.finish();
      cost.fieldCount += c.fieldCount;
      cost.aliasCount += c.aliasCount;
      cost.uniqueFieldCount += c.uniqueCount;
      cost.maxDepth = Math.max(cost.maxDepth, c.maxDepth);
      cost.highestDuplicateFieldCount = Math.max(cost.highestDuplicateFieldCount, c.duplicate);
      const h = hotspotOf(op, w);
      if (h && (!hotspot || h.fieldCount > hotspot.fieldCount)) hotspot = h;
    }
    cost.fieldCount = Math.max(1, cost.fieldCount);
    cost.maxDepth = Math.max(1, cost.maxDepth);
    return hotspot ? { ok: true, cost, hotspot } : { ok: true, cost };
  } catch (err) {
    if (err instanceof EstimateError) return { ok: false, error: err.message };
    throw err;
  }
}
