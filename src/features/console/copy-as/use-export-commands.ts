import { useState } from 'react';
import type { ExportRequest } from './export-request.ts';

/** What the Export group shows (`copy-as-menu.tsx`). */
export interface ExportState {
  includeToken: boolean;
  setIncludeToken(include: boolean): void;
  /** The last copy's outcome, or why nothing was copied. */
  status: string;
  /** The command to copy by hand when the browser blocked the clipboard. */
  fallback?: string;
}

/** What can be copied: a command line or a program (commands/command-table.ts `copy-as-*`). */
type ExportKind = 'curl' | 'src' | 'fetch' | 'python' | 'go';

/** How the status line names each kind of copy. */
const WHAT: Record<ExportKind, string> = {
  curl: 'curl command',
  src: 'src command',
  fetch: 'fetch snippet (JavaScript)',
  python: 'Python requests script',
  go: 'Go net/http program',
};

/** The text of a copy; each generator is a chunk of its own, loaded on first use. */
async function render(kind: ExportKind, req: ExportRequest, redactToken: boolean) {
  switch (kind) {
    case 'curl':
      return (await import('./curl-export.ts')).toCurl({ ...req, redactToken });
    case 'fetch':
      return (await import('./fetch-snippet.ts')).toFetchSnippet({ ...req, redactToken });
    case 'python':
      return (await import('./python-snippet.ts')).toPythonSnippet({ ...req, redactToken });
    case 'go':
      return (await import('./go-snippet.ts')).toGoSnippet({ ...req, redactToken });
    case 'src': {
      const { operationSource, toSrcCommand, tokenFromAuthorization } =
        await import('./src-export.ts');
      return toSrcCommand({
        endpoint: req.endpoint,
        token: tokenFromAuthorization(req.authorization),
        query: operationSource(req.body.query, req.body.operationName),
        variables: req.body.variables,
        redactToken,
        trace: req.optionHeaders.some(([n]) => n.toLowerCase() === 'x-sourcegraph-should-trace'),
        featureFlags: req.optionHeaders.flatMap(([n, v]) =>
          n.toLowerCase() === 'x-sourcegraph-override-feature' ? [v] : [],
        ),
      });
    }
  }
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
    const redactToken = !includeToken;
    const text = await render(kind, req, redactToken);
    const what = WHAT[kind];
    try {
      await navigator.clipboard.writeText(text);
      setFallback(undefined);
      const op = req.body.operationName ? ` for operation ${req.body.operationName}` : '';
      setStatus(
        `Copied ${what}${op}${req.authorization ? (redactToken ? ' (token redacted)' : ' with your token') : ''}`,
      );
    } catch {
      setFallback(text);
      setStatus(`The browser blocked the clipboard: select the ${what} below and copy it`);
    }
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
