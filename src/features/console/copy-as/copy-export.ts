import type { ExportRequest } from './export-request.ts';

/** What can be copied: a command line or a program (commands/command-table.ts `copy-as-*`). */
export type ExportKind = 'curl' | 'src' | 'fetch' | 'python' | 'go';

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
 * Puts the `kind` of copy of `req` on the clipboard; says what was copied, or, when the browser
 * blocked the clipboard, gives the text to copy by hand.
 */
export async function copyExport(
  kind: ExportKind,
  req: ExportRequest,
  redactToken: boolean,
): Promise<{ status: string; fallback?: string }> {
  const text = await render(kind, req, redactToken);
  const what = WHAT[kind];
  try {
    await navigator.clipboard.writeText(text);
    const op = req.body.operationName ? ` for operation ${req.body.operationName}` : '';
    const token = req.authorization ? (redactToken ? ' (token redacted)' : ' with your token') : '';
    return { status: `Copied ${what}${op}${token}` };
  } catch {
    return {
      status: `The browser blocked the clipboard: select the ${what} below and copy it`,
      fallback: text,
    };
  }
}
