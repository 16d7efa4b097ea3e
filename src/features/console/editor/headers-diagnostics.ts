import { headerWarnings, parseHeaders } from '../run/headers';
import { scanJson } from '../run/json-scan';
import type { EditorDiagnostic } from './graphql-diagnostics';

/** The Headers editor's diagnostics: the first problem exactly where it is, then advice. */
export function headersDiagnostics(text: string): EditorDiagnostic[] {
  const parsed = parseHeaders(text);
  if (!parsed.ok) {
    const from = Math.min(parsed.offset ?? 0, text.length);
    return [
      { from, to: Math.min(text.length, from + 1), severity: 'error', message: parsed.message },
    ];
  }
  const warnings = headerWarnings(parsed.value);
  if (!warnings.length) return [];
  const scan = scanJson(text);
  return warnings.map((w) => {
    const span = scan.ok ? scan.spans.get(w.key) : undefined;
    const from = span?.keyFrom ?? 0;
    const to = span?.keyTo ?? Math.min(1, text.length);
    return { from, to: Math.max(to, from + 1), severity: 'warning', message: w.message };
  });
}
