import type { RpcHandlers } from '../../../../shared/lib/worker-rpc.ts';
import { diffJson } from './json-diff.ts';
import type { CompareApi, CompareResult, Side } from './compare-protocol.ts';

/**
 * The compare worker's state: the two texts as they are handed over, then their diff. A text
 * that is not JSON (a plain-text 401, an HTML page) is compared as one string at `$`.
 */
export function compareHandlers(): RpcHandlers<CompareApi> {
  let texts: Record<Side, string[]> = { before: [], after: [] };
  return {
    begin: () => {
      texts = { before: [], after: [] };
      return null;
    },
    append: ({ side, text }) => {
      texts[side].push(text);
      return null;
    },
    diff: ({ limit }): CompareResult => {
      const notJson: CompareResult['notJson'] = {};
      const read = (side: Side): unknown => {
        const text = texts[side].join('');
        texts[side] = [];
        try {
          return JSON.parse(text);
        } catch (err) {
          notJson[side] = err instanceof Error ? err.message : String(err);
          return text;
        }
      };
      const before = read('before');
      const after = read('after');
      return { ...diffJson(before, after, limit), notJson };
    },
  };
}
