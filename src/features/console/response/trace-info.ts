/** What a traced response says about its trace. */
export interface TraceInfo {
  /** The trace id (`X-Trace`), to quote or search for in the tracing tool. */
  id?: string;
  /** The span id (`X-Trace-Span`). */
  span?: string;
  /** A link to the trace, only when it is an absolute http(s) URL. */
  url?: string;
}

function httpUrl(text: string | null): string | undefined {
  if (!text) return undefined;
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reads the tracing headers of an instance's answer. Since mid-2023 `X-Trace` is the id,
 * `X-Trace-Span` the span and `X-Trace-URL` the link (when the site configures a URL template);
 * before that, `X-Trace` held the link itself, whose last path segment is the id. A link that
 * is not http(s) (`javascript:` …) is never offered.
 */
export function traceInfo(headers: Pick<Headers, 'get'>): TraceInfo | undefined {
  const xTrace = headers.get('X-Trace')?.trim() || undefined;
  const span = headers.get('X-Trace-Span')?.trim() || undefined;
  let url = httpUrl(headers.get('X-Trace-URL'));
  let id = xTrace;
  const legacy = httpUrl(xTrace ?? null);
  if (legacy) {
    url ??= legacy;
    id = new URL(legacy).pathname.split('/').filter(Boolean).pop();
  }
  if (!id && !span && !url) return undefined;
  return { ...(id ? { id } : {}), ...(span ? { span } : {}), ...(url ? { url } : {}) };
}
