import { estimateQueryCost } from '../../../shared/contracts/cost-estimate.ts';
import {
  checkCostLimits,
  type CostHotspot,
  type CostLimits,
  type LimitViolation,
} from '../../../shared/contracts/cost-limits.ts';
import { parseHeaders } from './headers.ts';
import { listOperations, operationAt } from './operations.ts';
import { parseVariables } from './parse-variables.ts';

export interface PrepareInput {
  query: string;
  variablesText: string;
  headersText: string;
  /** Operation picked in the toolbar (wins over the cursor). */
  pickedOperation?: string;
  /** Cursor offset in the query editor. */
  cursorOffset?: number;
  limits: CostLimits;
}

export type PrepareResult =
  | {
      ok: true;
      operationName?: string;
      variables: Record<string, unknown>;
      headers: Record<string, string>;
      /** Over a cost limit: ask before sending. */
      costWarning?: { violations: LimitViolation[]; hotspot?: CostHotspot };
    }
  | {
      ok: false;
      target: 'variables' | 'headers' | 'query';
      message: string;
      line?: number;
      column?: number;
    };

/**
 * Decides what a run sends, or why it cannot be sent yet. Broken Variables or Headers JSON block
 * the run with the spot to fix; a query with a syntax error is NOT blocked (the server's error is
 * shown); several operations need a choice (cursor or picker). Pure.
 */
export function prepareRun(input: PrepareInput): PrepareResult {
  const vars = parseVariables(input.variablesText);
  if (!vars.ok)
    return {
      ok: false,
      target: 'variables',
      message: `Variables are not valid JSON (line ${vars.line}, column ${vars.column}): ${vars.message}. Fix them to run; nothing was sent.`,
      line: vars.line,
      column: vars.column,
    };
  const headers = parseHeaders(input.headersText);
  if (!headers.ok)
    return {
      ok: false,
      target: 'headers',
      message: `Headers are not valid (line ${headers.line}, column ${headers.column}): ${headers.message}. Fix them to run; nothing was sent.`,
      line: headers.line,
      column: headers.column,
    };
  const ops = listOperations(input.query);
  let operationName: string | undefined;
  if (ops.length === 1) operationName = ops[0]?.name;
  else if (ops.length > 1) {
    const names = ops.map((o) => o.name).filter((n): n is string => !!n);
    operationName =
      input.pickedOperation && names.includes(input.pickedOperation)
        ? input.pickedOperation
        : operationAt(input.query, input.cursorOffset ?? 0);
    if (!operationName)
      return {
        ok: false,
        target: 'query',
        message:
          'This document has several operations: name each one, then put the cursor inside the one to run or pick it in the toolbar.',
      };
  }
  const estimate = estimateQueryCost(input.query, vars.value);
  let costWarning: { violations: LimitViolation[]; hotspot?: CostHotspot } | undefined;
  if (estimate.ok) {
    const violations = checkCostLimits(estimate.cost, input.limits);
    if (violations.length > 0) costWarning = { violations, hotspot: estimate.hotspot };
  }
  return { ok: true, operationName, variables: vars.value, headers: headers.value, costWarning };
}
