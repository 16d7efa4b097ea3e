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

/**
 * "Copy as curl" (exactly `src api -get-curl`'s format) and "Copy as src command": the
 * `copy-as-curl` / `copy-as-src` commands of commands/command-table.ts. The token is redacted
 * unless "Include token" is checked; if the browser blocks the clipboard, the command is kept
 * for manual copying.
 */
export function useExportCommands(build: () => Promise<ExportRequest>) {
  const [includeToken, setIncludeToken] = useState(false);
  const [status, setStatus] = useState('');
  const [fallback, setFallback] = useState<string>();

  async function copy(kind: 'curl' | 'src') {
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
    let text: string;
    if (kind === 'curl') {
      const { toCurl } = await import('./curl-export');
      text = toCurl({ ...req, redactToken });
    } else {
      const { operationSource, toSrcCommand, tokenFromAuthorization } =
        await import('./src-export');
      text = toSrcCommand({
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
    const what = kind === 'curl' ? 'curl command' : 'src command';
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
  };
}
