import { lazyOnce } from '../../../shared/lib/lazy-once.ts';
import { whenIdleAfterPaint } from '../../../shared/lib/schedule.ts';

/**
 * The Variables and Headers editors' chunk (json-editors.ts), requested after the first paint:
 * the query editor accepts text first.
 */
export const loadJsonEditors = lazyOnce(() =>
  whenIdleAfterPaint().then(() => import('./json-editors')),
).load;
