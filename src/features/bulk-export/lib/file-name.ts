import type { ExportFormat } from './page-text.ts';

/** `AllUsers-users.csv`: the operation's name (or "export") and the list's path, file-safe. */
export function exportFileName(
  operationName: string | undefined,
  path: readonly string[],
  format: ExportFormat,
  partial = false,
): string {
  const base = [operationName ?? 'export', ...path].join('-').replace(/[^\w.-]+/g, '_');
  return `${base}${partial ? '-partial' : ''}.${format}`;
}
