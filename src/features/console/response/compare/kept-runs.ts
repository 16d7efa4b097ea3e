import type { Text } from '@codemirror/state';
import { updateKeptRuns, type RunResult } from '../responses.ts';

/** Where a run went: the profile's name and the instance's host (a run remembers it). */
export interface RunTarget {
  profile: string;
  host: string;
}

/** A settled run a tab keeps for "Compare runs". */
export interface KeptRun {
  /** 1, 2, 3… per tab, in the order the runs finished. */
  seq: number;
  /** Epoch ms when the run started. */
  at: number;
  status?: number;
  /** Body size in bytes. */
  size?: number;
  operationName?: string;
  target?: RunTarget;
  /** The response's display text (the same document the response pane shows, not a copy). */
  doc: Text;
}

export interface KeepLimits {
  /** Runs a tab keeps, its latest included. */
  perTab: number;
  /** Characters of text all tabs' older runs hold together (each tab's latest is shown anyway). */
  olderChars: number;
}

/**
 * Five runs a tab, and 96 M characters of older runs for all tabs: room for one older response
 * the size of the sandbox's 50 MB search, so two such runs can be compared. Responses
 * stay in memory only, and each older one is a second copy the page must afford.
 */
const KEEP_LIMITS: KeepLimits = { perTab: 5, olderChars: 96 * 2 ** 20 };

export type KeptRuns = ReadonlyMap<string, readonly KeptRun[]>;

/**
 * `all` with `run` added as `tabId`'s latest, within `limits`: a tab's oldest runs go past
 * `perTab`; then, while the older runs of all tabs hold more than `olderChars`, the oldest of
 * them (by start time) goes. A tab's latest run always stays. Pure.
 */
export function withRun(
  all: KeptRuns,
  tabId: string,
  run: Omit<KeptRun, 'seq'>,
  limits: KeepLimits = KEEP_LIMITS,
): KeptRuns {
  const next = new Map(all);
  const mine = next.get(tabId) ?? [];
  const seq = (mine.at(-1)?.seq ?? 0) + 1;
  next.set(tabId, [...mine, { ...run, seq }].slice(-limits.perTab));
  const older = [...next].flatMap(([tab, runs]) => runs.slice(0, -1).map((r) => ({ tab, r })));
  let chars = older.reduce((n, o) => n + o.r.doc.length, 0);
  older.sort((x, y) => x.r.at - y.r.at);
  for (const { tab, r } of older) {
    if (chars <= limits.olderChars) break;
    chars -= r.doc.length;
    next.set(
      tab,
      next.get(tab)!.filter((x) => x !== r),
    );
  }
  return next;
}

/** Keeps a settled run of `tabId` for comparing (in responses.ts); one without a body is not kept. */
export function keepRun(tabId: string, result: RunResult): void {
  const doc = result.body?.doc;
  if (!doc || doc.length === 0) return;
  updateKeptRuns((all) =>
    withRun(all, tabId, {
      at: result.at,
      status: result.status,
      size: result.size,
      operationName: result.operationName,
      target: result.target,
      doc,
    }),
  );
}
