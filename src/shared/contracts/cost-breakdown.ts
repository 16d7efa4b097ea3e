/**
 * Which fields make up a query's estimated field count (the editor's cost hints). The
 * estimator (cost-estimate.ts) is watched through its trace, so the figures are its own: a
 * field's count is what it adds, with what it selects, to the estimate, fragments counted where
 * they are spread and inline fragments where the walk adds them (the largest one per walk).
 */
import type { DocumentNode, FieldNode } from 'graphql';
import { estimateQueryCost, type CostTrace } from './cost-estimate.ts';
import type { QueryCost } from './cost-limits.ts';

export type CostBreakdown =
  | {
      ok: true;
      cost: QueryCost;
      document: DocumentNode;
      /** What each field adds to `cost.fieldCount` (fields that add nothing are absent). */
      fieldCounts: Map<FieldNode, number>;
    }
  | { ok: false; error: string };

interface Use {
  by: object;
  factor: number;
}

/** Collects the walks' counts, then weighs each walk by how often its count is used. */
class Recorder implements CostTrace {
  doc: DocumentNode | undefined;
  private ops = new Set<object>();
  private local = new Map<object, Map<FieldNode, number>>();
  private usedBy = new Map<object, Use[]>();
  private weights = new Map<object, number>();

  document(doc: DocumentNode): void {
    this.doc = doc;
  }
  operation(unit: object): void {
    this.ops.add(unit);
  }
  field(unit: object, field: FieldNode, count: number): void {
    if (count === 0) return;
    let m = this.local.get(unit);
    if (!m) this.local.set(unit, (m = new Map()));
    m.set(field, (m.get(field) ?? 0) + count);
  }
  uses(unit: object, source: object, factor: number): void {
    const list = this.usedBy.get(source);
    if (list) list.push({ by: unit, factor });
    else this.usedBy.set(source, [{ by: unit, factor }]);
  }

  /**
   * How many times a walk's count reaches the estimate: 1 for an operation, plus each use times
   * the user's weight. A walk is only used by walks that finish after it, so this terminates.
   */
  private weight(unit: object): number {
    const known = this.weights.get(unit);
    if (known !== undefined) return known;
    let w = this.ops.has(unit) ? 1 : 0;
    for (const u of this.usedBy.get(unit) ?? []) w += u.factor * this.weight(u.by);
    this.weights.set(unit, w);
    return w;
  }

  fieldCounts(): Map<FieldNode, number> {
    const out = new Map<FieldNode, number>();
    for (const [unit, counts] of this.local) {
      const w = this.weight(unit);
      if (w === 0) continue;
      for (const [field, c] of counts) out.set(field, (out.get(field) ?? 0) + c * w);
    }
    return out;
  }
}

/** The estimate of `estimateQueryCost` (same arguments, same result) with each field's part. */
export function costBreakdown(
  query: string,
  variables?: Record<string, unknown> | null,
): CostBreakdown {
  const rec = new Recorder();
  const estimate = estimateQueryCost(query, variables, rec);
  if (!estimate.ok) return estimate;
  if (!rec.doc) return { ok: false, error: 'not parsed' };
  return { ok: true, cost: estimate.cost, document: rec.doc, fieldCounts: rec.fieldCounts() };
}
