/**
 * Redirects are never followed (the browser would re-send the body and the Headers-editor values
 * to wherever `Location` points). Our relay answers an upstream 3xx with 502, `X-Relay-Error`
 * and `X-Relay-Redirect: <absolute URL>` (server/relay.ts); without it (direct mode, or an older
 * relay passing the 3xx through) the page sees only an opaque redirect and no target. Pure.
 */
import { ConnectionError } from './connection-error.ts';

/** Header our relay sets on its answer to an upstream redirect: the absolute target URL. */
const RELAY_REDIRECT_HEADER = 'X-Relay-Redirect';

/** What the page can tell about a redirect. */
export interface RedirectInfo {
  /** Where the instance redirects to, when known. */
  location?: string;
  /** The Instance (or Analytics) URL that would avoid the redirect, when it can be told. */
  suggestedBase?: string;
}

/** The parts of a fetch Response this module reads. */
export interface ResponseLike {
  type: string;
  status: number;
  headers: { get(name: string): string | null };
}

/**
 * The base URL a redirect target stands for: the target without the API path the console
 * asked for (`/.api/graphql`, `/api/credits`, …) and without the query string. Undefined for
 * anything but an absolute http(s) URL.
 */
export function baseFromLocation(location: string, apiPath: string): string | undefined {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  let path = url.pathname.replace(/\/+$/, '');
  const suffix = (apiPath.split('?')[0] ?? '').replace(/\/+$/, '');
  if (suffix && path.endsWith(suffix)) path = path.slice(0, -suffix.length);
  return `${url.protocol}//${url.host}${path.replace(/\/+$/, '')}`;
}

/** Reads a redirect out of a response; undefined when the response is not one. */
export function readRedirect(
  r: ResponseLike,
  requestedBase: string,
  apiPath: string,
): RedirectInfo | undefined {
  const relayed = r.headers.get(RELAY_REDIRECT_HEADER);
  if (relayed) {
    const suggestedBase = baseFromLocation(relayed, apiPath);
    return { location: relayed, suggestedBase };
  }
  const opaque =
    r.type === 'opaqueredirect' || (r.status >= 300 && r.status < 400 && r.status !== 304);
  if (!opaque) return undefined;
  const location = r.headers.get('Location') ?? undefined;
  if (location) {
    let absolute: string | undefined;
    try {
      absolute = new URL(location, requestedBase + apiPath).href;
    } catch {
      absolute = undefined;
    }
    if (absolute) return { location: absolute, suggestedBase: baseFromLocation(absolute, apiPath) };
  }
  // The target is hidden from the page. The usual cause is http:// → https://.
  if (requestedBase.startsWith('http://'))
    return { suggestedBase: `https://${requestedBase.slice('http://'.length)}` };
  return {};
}

/** What the console says about a redirect: where to, and what to do. */
export function redirectMessage(info: RedirectInfo, who = 'The instance'): string {
  if (info.location)
    return (
      `${who} redirects to ${info.location}: requests are not sent after a redirect. ` +
      (info.suggestedBase
        ? `Use ${info.suggestedBase} as the URL if you trust it.`
        : 'Check the URL.')
    );
  return (
    `${who} answered with a redirect, and the browser does not show where to; requests are not sent after a redirect. ` +
    (info.suggestedBase
      ? `Instances usually redirect http:// to https://: try ${info.suggestedBase}.`
      : 'Check the URL (a path or a missing "www" can cause this).')
  );
}

/** Thrown by the transport instead of following a redirect. */
export class RedirectError extends ConnectionError {
  readonly info: RedirectInfo;
  /** The base URL that was asked for. */
  readonly from: string;
  constructor(info: RedirectInfo, from: string, who?: string) {
    super(redirectMessage(info, who));
    this.name = 'RedirectError';
    this.info = info;
    this.from = from;
  }
}
