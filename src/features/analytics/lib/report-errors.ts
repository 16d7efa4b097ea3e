/**
 * User-facing messages for everything that can go wrong while loading a report or credits:
 * HTTP errors from the analytics service or the relay, bodies that are not CSV, and streams that
 * end early. Each message says what happened and what to do next. Pure and unit-tested.
 */
import { looksLikeHtml, retryAfterSeconds } from '../../../shared/api/http.ts';
import { formatBytes } from '../../../shared/lib/format-bytes.ts';
import type { QuoteCode, QuoteProblem } from './csv-stream.ts';

/** A response that was not a usable 2xx, reduced to what the message needs. */
export interface HttpFailure {
  status: number;
  contentType: string | null;
  /** The body text (callers read at most a few KB). */
  body: string;
  /** The raw Retry-After header, if any. */
  retryAfter: string | null;
  /** True when our relay wrote the response itself (header X-Relay-Error). */
  relayError: boolean;
  /** The instance host the request was about. */
  host: string;
}

const count = new Intl.NumberFormat('en-US');

/** `1 row`, `12,345 rows`. */
export function formatRows(n: number): string {
  return `${count.format(n)} ${n === 1 ? 'row' : 'rows'}`;
}

/** Message for a 2xx body that is an HTML page instead of CSV. */
export const HTML_BODY_MESSAGE =
  'Not a CSV: the server sent an HTML page. Check the Analytics URL: it must be the analytics service (e.g. https://analytics.sourcegraph.com), not a web page or the instance itself.';

/** Message for a 2xx response with no body at all. */
export const EMPTY_BODY_MESSAGE =
  'The server sent an empty response (not even a header row). Check the Analytics URL and the Instance host, then load the report again.';

/** Message for a report with a header and no data rows. */
export const NO_ROWS_MESSAGE =
  'No rows for this range: the report has only its header row. Widen the Start date / End date, or clear both for all time.';

function quote(f: HttpFailure): string {
  if (looksLikeHtml(f.contentType, f.body)) return 'an HTML page';
  const text = f.body.trim().replace(/\s+/g, ' ');
  if (!text) return 'an empty body';
  return `"${text.length > 300 ? `${text.slice(0, 300)}…` : text}"`;
}

/** Explains a failed response and says what to do; `what` names the thing being loaded. */
export function describeHttpFailure(f: HttpFailure, what: 'report' | 'credits' = 'report'): string {
  const said = `HTTP ${f.status}, ${quote(f)}`;
  if (f.relayError)
    return `The console's relay could not complete the request (${said}). Check the Analytics URL; if it is right, check that the analytics service is reachable from the machine running the console.`;
  if (looksLikeHtml(f.contentType, f.body) && f.status !== 401 && f.status !== 429)
    return `Not a CSV: the server sent an HTML page (HTTP ${f.status}). Check the Analytics URL: it must be the analytics service, not a web page.`;
  switch (f.status) {
    case 401:
      return `The analytics service refused the token (${said}). Check the Analytics token: it may be mistyped, expired or revoked; create a new one and paste it.`;
    case 403:
      return `Access denied (${said}): this token's user cannot see instance ${f.host}. Check the Instance host, or use a token of a user who can see it.`;
    case 404:
      return `Not found (${said}): the analytics service does not know instance ${f.host}, or the Analytics URL is wrong. Check both.`;
    case 429: {
      const wait = retryAfterSeconds(f.retryAfter);
      const when = wait === undefined ? 'in a little while' : `in ${wait} s`;
      return `Rate limited (${said}): too many requests. Retry ${when}; your form and the rows already shown are kept.`;
    }
    case 400:
      return `The analytics service rejected the request (${said}). Fix the field it names, then load the ${what} again.`;
  }
  if (f.status >= 500)
    return `The analytics service failed (${said}). Try again later; if it persists, the service may be down.`;
  return `Unexpected answer from the analytics service (${said}). Check the Analytics URL and try again.`;
}

/** Message when the connection drops mid-stream; the rows already received stay. */
export function connectionLostMessage(rows: number, bytes: number, reason?: string): string {
  const why = reason ? ` (${reason})` : '';
  return `Connection lost after ${formatRows(rows)} (${formatBytes(bytes)})${why}; the rows received are kept. Load the report again to get the complete file.`;
}

/** Message when the user cancels the stream. */
export function cancelledMessage(rows: number, bytes: number): string {
  return `Cancelled after ${formatRows(rows)} (${formatBytes(bytes)}); the rows received are kept.`;
}

/** Warning for rows whose field count differs from the header's. */
export function raggedMessage(
  count: number,
  firstLine: number | undefined,
  fields: number | undefined,
  width: number,
): string {
  const where =
    firstLine !== undefined ? ` The first is on line ${firstLine} with ${fields} fields;` : '';
  return `${formatRows(count)} ${count === 1 ? 'has' : 'have'} a different number of fields than the header (${width}).${where} missing cells are shown empty and extra cells are dropped. The download keeps the file exactly as sent.`;
}

const QUOTE_PROBLEM: Record<QuoteCode, { one: string; many: string }> = {
  InvalidQuotes: {
    one: 'a quoted cell holds a " that is neither doubled nor followed by a comma or the line\'s end (InvalidQuotes)',
    many: 'have a quoted cell holding a " that is neither doubled nor followed by a comma or the line\'s end (InvalidQuotes)',
  },
  MissingQuotes: {
    one: 'a quoted cell is never closed: the file ends inside it (MissingQuotes)',
    many: 'have a quoted cell that is never closed (MissingQuotes)',
  },
};

/**
 * Warning for records papaparse read past a quote problem, naming the physical line (the header
 * is line 1) of the first and what became of the lines it spanned.
 */
export function quoteMessage(code: QuoteCode, p: QuoteProblem): string {
  const { firstLine: first, lastLine: last = first } = p;
  const what = QUOTE_PROBLEM[code];
  const happened =
    p.count === 1 && first !== undefined
      ? `Line ${first}: ${what.one}`
      : `${formatRows(p.count)} ${what.many}${first !== undefined ? `; the first is on line ${first}` : ''}`;
  const merged =
    first === undefined || last === undefined
      ? ''
      : last > first
        ? `; lines ${first} to ${last} were read as one row`
        : code === 'InvalidQuotes'
          ? '; the quote was kept as part of the cell'
          : '; that row may be incomplete';
  return `${happened}${merged}. Check the export, or download the CSV to inspect it.`;
}
