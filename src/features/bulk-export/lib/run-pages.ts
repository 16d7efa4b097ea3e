/**
 * The export's loop: asks for page after page from the last cursor, hands each page's rows to
 * `write`, and reports progress. A 429 waits as long as its `Retry-After` says (else
 * {@link DEFAULT_RETRY_S}) and asks for the same cursor again; any other failure ends the run
 * with the cursor of the last page written, so a resume continues from there and no row is
 * written twice. A 400 naming the instance's cost limits (lower than the console knew) asks
 * `resize` for the page size under them and asks for the same cursor with it. Stop (the signal)
 * ends it between or during requests. Sending, waiting, writing and resizing are given, so the
 * loop is tested without a network or a clock.
 */
import { retryAfterSeconds } from '../../../shared/api/http.ts';
import { readCostRefusal, type Refusal } from '../../../shared/contracts/cost-refusal.ts';
import type { PageRead } from './page-store.ts';
import type { PagedOperation } from './rewrite.ts';

/** Seconds to wait after a 429 without a usable Retry-After. */
export const DEFAULT_RETRY_S = 5;
/** 429s in a row before the run gives up (a resume starts counting again). */
export const MAX_RATE_LIMITED = 10;

export interface Answer {
  status: number;
  retryAfter: string | null;
  /** The body of any answer but a 200 (small: an error, a refusal). */
  text: string;
  /** A 200's body, for `read`. */
  body?: ArrayBuffer | string;
}

export interface PageBody {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | null;
}

export interface RunDeps {
  /** Sends one page's request; throws when no answer came (or the signal aborted it). */
  send(body: PageBody, signal: AbortSignal): Promise<Answer>;
  /** Waits `ms`; settles early (either way) when the signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Reads a 200 answer's page (in the export worker) and holds its rows. */
  read(answer: Answer): Promise<PageRead>;
  /** Appends the rows `read` holds to the file. */
  write(): Promise<void>;
  /** The page size under the limits the instance stated, if there is one. */
  resize?(refusal: Refusal[]): number | undefined;
}

/** Where a run stands: what a resume starts from. */
export interface Progress {
  pages: number;
  rows: number;
  /** The list's `totalCount`, when it has one. */
  total?: number;
  /** The last written page's `endCursor`; null before the first page. */
  cursor: string | null;
}

export type RunEvent =
  | { kind: 'page'; progress: Progress }
  | { kind: 'rate-limited'; seconds: number; progress: Progress }
  | { kind: 'resized'; pageSize: number; refusal: Refusal[]; progress: Progress };

export type RunOutcome =
  | { kind: 'done'; progress: Progress }
  | { kind: 'stopped'; progress: Progress }
  | { kind: 'failed'; message: string; progress: Progress };

function snippet(text: string): string {
  const t = text.trim();
  return t ? `: ${t.length > 200 ? t.slice(0, 200) + '…' : t}` : '';
}

export async function runPages(
  op: PagedOperation,
  pageSize: number,
  from: Progress,
  deps: RunDeps,
  onEvent: (e: RunEvent) => void,
  signal: AbortSignal,
): Promise<RunOutcome> {
  let progress = { ...from };
  let limited = 0;
  let size = pageSize;
  const stopped = () => ({ kind: 'stopped', progress }) as const;
  const failed = (message: string) => ({ kind: 'failed', message, progress }) as const;
  for (;;) {
    if (signal.aborted) return stopped();
    let answer: Answer;
    try {
      answer = await deps.send(
        {
          query: op.query,
          variables: {
            ...op.variables,
            [op.pageSizeVariable]: size,
            [op.cursorVariable]: progress.cursor,
          },
          operationName: op.operationName ?? null,
        },
        signal,
      );
    } catch (err) {
      if (signal.aborted) return stopped();
      return failed(err instanceof Error ? err.message : String(err));
    }
    if (signal.aborted) return stopped();
    if (answer.status === 429) {
      if (++limited > MAX_RATE_LIMITED)
        return failed(`Still rate limited (429) after ${MAX_RATE_LIMITED} waits.`);
      const seconds = retryAfterSeconds(answer.retryAfter) ?? DEFAULT_RETRY_S;
      onEvent({ kind: 'rate-limited', seconds, progress });
      await deps.sleep(seconds * 1000, signal);
      continue;
    }
    limited = 0;
    const refusal = readCostRefusal(answer.status, answer.text);
    const smaller = refusal && deps.resize?.(refusal);
    if (refusal && smaller !== undefined && smaller < size) {
      size = smaller;
      onEvent({ kind: 'resized', pageSize: size, refusal, progress });
      continue;
    }
    if (answer.status !== 200)
      return failed(`The instance answered ${answer.status}${snippet(answer.text)}`);
    let read: PageRead;
    try {
      read = await deps.read(answer);
    } catch (err) {
      return failed(err instanceof Error ? err.message : String(err));
    }
    if (!read.ok) return failed(read.error);
    const { page } = read;
    if (page.hasNextPage && (page.endCursor === null || page.endCursor === progress.cursor))
      return failed('The instance says more rows follow but gave no new cursor to ask from.');
    if (signal.aborted) return stopped();
    try {
      await deps.write();
    } catch (err) {
      return failed(err instanceof Error ? err.message : String(err));
    }
    progress = {
      pages: progress.pages + 1,
      rows: progress.rows + page.rows,
      total: page.totalCount ?? progress.total,
      cursor: page.endCursor ?? progress.cursor,
    };
    onEvent({ kind: 'page', progress });
    if (!page.hasNextPage) return { kind: 'done', progress };
  }
}
