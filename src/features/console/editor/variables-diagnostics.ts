import type { GraphQLSchema } from 'graphql';
import { pathKey, scanJson, type JsonSpan } from '../run/json-scan';
import { parseVariables } from '../run/parse-variables.ts';
import { validateVariables } from '../run/variables';
import type { EditorDiagnostic } from './graphql-diagnostics';

/** What the variables are checked against; changes as the user edits the query. */
export interface VariablesContext {
  query: string;
  schema?: GraphQLSchema;
  operationName?: string;
}

/** Above this size, variables are only syntax-checked as you type. */
const MAX_VALIDATE_CHARS = 200_000;

/**
 * Diagnostics for the Variables editor: a JSON syntax error exactly where it is, then each
 * problem from `validateVariables` on the value (or key) it concerns; problems about the whole
 * object (a missing required variable) sit on its opening brace.
 */
export function variablesDiagnostics(text: string, ctx: VariablesContext): EditorDiagnostic[] {
  const parsed = parseVariables(text);
  if (!parsed.ok) {
    const from = Math.min(parsed.offset, text.length);
    return [
      { from, to: Math.min(text.length, from + 1), severity: 'error', message: parsed.message },
    ];
  }
  if (text.length > MAX_VALIDATE_CHARS) return [];
  const problems = validateVariables(ctx.schema, ctx.query, ctx.operationName, parsed.value);
  if (!problems.length) return [];
  const scan = scanJson(text.trim() === '' ? '{}' : text);
  const spans = scan.ok ? scan.spans : new Map<string, JsonSpan>();
  const whole = spans.get('') ?? { from: 0, to: 0 };
  return problems.map((p) => {
    let range = { from: whole.from, to: Math.min(whole.from + 1, text.length) };
    const segs = p.segments ?? [];
    for (let n = segs.length; n > 0; n--) {
      const span = spans.get(pathKey(segs.slice(0, n)));
      if (!span) continue;
      range =
        n === 1 && p.severity === 'warning' && span.keyFrom !== undefined
          ? { from: span.keyFrom, to: span.keyTo! }
          : { from: span.from, to: span.to };
      break;
    }
    if (range.to <= range.from) range.to = Math.min(text.length, range.from + 1);
    return { ...range, severity: p.severity, message: p.message };
  });
}
