import { useState } from 'react';
import type { ExportRequest } from './export-request.ts';
import type { ExportKind } from './copy-export.ts';

/** What the Export group shows (`copy-as-menu.tsx`). */
export interface ExportState {
  includeToken: boolean;
  setIncludeToken(include: boolean): void;
  /** The last copy's outcome, or why nothing was copied. */
  status: string;
  /** The command to copy by hand when the browser blocked the clipboard. */
  fallback?: string;
}

/**
 * The "Copy as…" commands: curl (exactly `src api -get-curl`'s format), the src command, and
 * code that runs as printed (fetch, Python requests, Go net/http). The token and secret headers
 * are redacted unless "Include token" is checked; if the browser blocks the clipboard, the text
 * is kept for manual copying.
 */
export function useExportCommands(build: () => Promise<ExportRequest>) {
  const [includeToken, setIncludeToken] = useState(false);
  const [status, setStatus] = useState('');
  const [fallback, setFallback] = useState<string>();

  async function copy(kind: ExportKind) {
    let req: ExportRequest;
    try {
      req = await build();
    } catch (e) {
      setFallback(undefined);
      setStatus(e instanceof Error ? e.message : String(e));
      return;
    }
    if (req.problem) {
      setFallback(undefined);
      setStatus(req.problem);
      return;
    }
    // What is copied and how is a chunk of its own: nothing on the first screen copies.
    const outcome = await (await import('./copy-export.ts')).copyExport(kind, req, !includeToken);
    setFallback(outcome.fallback);
    setStatus(outcome.status);
  }

  const state: ExportState = { includeToken, setIncludeToken, status, fallback };
  return {
    state,
    copyAsCurl: () => void copy('curl'),
    copyAsSrc: () => void copy('src'),
    copyAsFetch: () => void copy('fetch'),
    copyAsPython: () => void copy('python'),
    copyAsGo: () => void copy('go'),
  };
}
