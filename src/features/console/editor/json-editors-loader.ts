import { whenIdleAfterPaint } from './after-paint';
import type * as JsonEditors from './json-editors';

/**
 * The Variables and Headers editors' chunk (json-editors.ts), requested once, after the first
 * paint: the query editor accepts text first.
 */
let loading: Promise<typeof JsonEditors> | undefined;

export function loadJsonEditors(): Promise<typeof JsonEditors> {
  loading ??= whenIdleAfterPaint().then(() => import('./json-editors'));
  return loading;
}
