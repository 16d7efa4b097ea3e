import type { GraphQLSchema } from 'graphql';
import { getDiagnostics } from 'graphql-language-service';

export interface EditorDiagnostic {
  from: number;
  to: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
}

/** Above this size the query is not validated as you type (the server still validates it). */
const MAX_LINT_CHARS = 500_000;

const SEVERITY = ['error', 'warning', 'info', 'info'] as const;

/**
 * Syntax errors always; with a schema, also validation errors (unknown fields, wrong argument
 * types, missing required arguments, undefined variables…). A schema that is itself invalid
 * cannot validate queries, so then only syntax is checked.
 */
export function graphqlDiagnostics(
  schema: GraphQLSchema | undefined,
  text: string,
): EditorDiagnostic[] {
  if (text.length > MAX_LINT_CHARS) return [];
  let items;
  try {
    items = getDiagnostics(text, schema ?? null);
  } catch {
    try {
      items = getDiagnostics(text, null);
    } catch {
      return [];
    }
  }
  const lineStarts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) lineStarts.push(i + 1);
  const offset = (line: number, character: number) =>
    Math.min(text.length, (lineStarts[Math.min(line, lineStarts.length - 1)] ?? 0) + character);
  return items.map((d) => {
    const from = offset(d.range.start.line, d.range.start.character);
    // The language service's range ends one character past the token (as cm6-graphql assumes).
    let to = offset(d.range.end.line, d.range.end.character - 1);
    if (to <= from) to = Math.min(text.length, from + 1);
    return {
      from: Math.min(from, to),
      to,
      severity: SEVERITY[(d.severity ?? 1) - 1] ?? 'error',
      message: typeof d.message === 'string' ? d.message : d.message.value,
    };
  });
}
