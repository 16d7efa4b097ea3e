import { useState } from 'react';

/** What the console would send now (core builds it from the connection and the tab). */
export interface ExportRequest {
  endpoint: string;
  authorization?: string;
  headers: Record<string, string>;
  /** Trace and feature-flag headers (lib/request-options.ts), one entry per header. */
  optionHeaders: [string, string][];
  body: { query: string; variables: Record<string, unknown>; operationName?: string };
  /** Why no command can be copied now (several operations and none chosen, a bad flag). */
  problem?: string;
}

/**
 * "Copy as curl" (exactly `src api -get-curl`'s format) and "Copy as src command", token
 * redacted unless "Include token" is checked. If the browser blocks the clipboard, the command
 * is shown for manual copying.
 */
export function ExportMenu(props: {
  build(): ExportRequest;
  /** Shown next to the buttons: the document has several operations, so one is named. */
  multipleOperations?: boolean;
}) {
  const [includeToken, setIncludeToken] = useState(false);
  const [status, setStatus] = useState('');
  const [fallback, setFallback] = useState<string>();

  async function copy(kind: 'curl' | 'src') {
    const req = props.build();
    if (req.problem) {
      setFallback(undefined);
      setStatus(req.problem);
      return;
    }
    const redactToken = !includeToken;
    let text: string;
    if (kind === 'curl') {
      const { toCurl } = await import('../lib/curl-export');
      text = toCurl({ ...req, redactToken });
    } else {
      const { operationSource, toSrcCommand, tokenFromAuthorization } =
        await import('../lib/src-export');
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

  return (
    <div className="export-menu" role="group" aria-label="Export">
      <button type="button" onClick={() => void copy('curl')}>
        Copy as curl
      </button>
      <button type="button" onClick={() => void copy('src')}>
        Copy as src command
      </button>
      {props.multipleOperations && (
        <span className="hint">
          Several operations: the command names the one picked or under the cursor (operationName).
        </span>
      )}
      <label>
        <input
          type="checkbox"
          checked={includeToken}
          onChange={(e) => setIncludeToken(e.target.checked)}
        />
        Include token
      </label>
      {includeToken && (
        <span className="export-warning">
          The copied command will contain your token: keep it out of chats, tickets and shell
          history.
        </span>
      )}
      <span role="status" className="export-status">
        {status}
      </span>
      {fallback !== undefined && (
        <textarea
          readOnly
          aria-label="Exported command"
          value={fallback}
          rows={6}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
