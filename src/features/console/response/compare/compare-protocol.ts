import type { JsonDiff } from './json-diff.ts';

/** Which of the two responses a piece of text belongs to. */
export type Side = 'before' | 'after';

/** The diff, and for a side whose text is not JSON, why (it is then compared as one string). */
export interface CompareResult extends JsonDiff {
  notJson: Partial<Record<Side, string>>;
}

/** Page ↔ compare worker (shared/lib/worker-rpc.ts). The worker holds one pair at a time. */
export type CompareApi = {
  /** Starts a pair (drops the one held). */
  begin: { params: null; result: null };
  /** The next piece of one side's text. */
  append: { params: { side: Side; text: string }; result: null };
  /** Parses both sides, diffs them, drops the texts; at most `limit` paths are listed. */
  diff: { params: { limit: number }; result: CompareResult };
};
