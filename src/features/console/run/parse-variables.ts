import { scanJson } from './json-scan';

export type VariablesResult =
  | { ok: true; value: Record<string, unknown> }
  | { ok: false; message: string; line: number; column: number; offset: number };

/**
 * Parses the Variables editor's text. Empty (or blank) text means `{}`. Anything else must be
 * a JSON object; a syntax error says what is wrong and where (1-based line and column).
 */
export function parseVariables(text: string): VariablesResult {
  if (text.trim() === '') return { ok: true, value: {} };
  const scan = scanJson(text);
  if (!scan.ok) return scan;
  if (!isPlainObject(scan.value)) {
    const offset = text.length - text.trimStart().length;
    return {
      ok: false,
      message: 'Variables must be a JSON object, like {"name": "value"}',
      offset,
      line: 1 + (text.slice(0, offset).match(/\n/g)?.length ?? 0),
      column: offset - text.lastIndexOf('\n', offset - 1),
    };
  }
  return { ok: true, value: scan.value };
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
