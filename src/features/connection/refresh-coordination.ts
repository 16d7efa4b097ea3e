/**
 * One OAuth refresh at a time across the browser tabs of a profile. Refresh tokens are one-time:
 * two tabs holding the same one (both loaded it with "Remember", or both used the sandbox) must
 * not both spend it. The Web Locks API serialises the refreshes; the tab that refreshed tells the
 * others over a BroadcastChannel, and only a tab holding the very refresh token that was spent
 * adopts the result (it never learns a credential it did not already have). Without these APIs
 * (old browsers, unit tests) the refresh simply runs.
 */
import { tokenFingerprint } from './fingerprint.ts';

const LOCK = 'debug-console:oauth-refresh';
const CHANNEL = 'debug-console:oauth';

/** What a refresh produced, announced to the other tabs. */
export interface RefreshResult {
  /** Fingerprint of the refresh token that was spent. */
  spent: string;
  baseUrl: string;
  accessToken: string;
  refreshToken?: string;
  expiresAt?: number;
}

const channel: BroadcastChannel | undefined =
  typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(CHANNEL);
/** Results seen from other tabs (and our own), by spent refresh token fingerprint. */
const seen = new Map<string, RefreshResult>();
const waiters = new Map<string, (r: RefreshResult) => void>();

function remember(r: RefreshResult): void {
  seen.set(r.spent, r);
  if (seen.size > 20) seen.delete(seen.keys().next().value!);
  waiters.get(r.spent)?.(r);
}

channel?.addEventListener('message', (e: MessageEvent<RefreshResult>) => {
  if (e.data && typeof e.data.spent === 'string') remember(e.data);
});

export function spentKey(refreshToken: string, baseUrl: string): string {
  return tokenFingerprint(refreshToken, baseUrl);
}

function waitFor(key: string, ms: number): Promise<RefreshResult | undefined> {
  const known = seen.get(key);
  if (known) return Promise.resolve(known);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      waiters.delete(key);
      resolve(undefined);
    }, ms);
    waiters.set(key, (r) => {
      clearTimeout(timer);
      waiters.delete(key);
      resolve(r);
    });
  });
}

type Locks = {
  request<T>(
    name: string,
    options: { ifAvailable?: boolean },
    cb: (lock: unknown) => Promise<T>,
  ): Promise<T>;
};

function locks(): Locks | undefined {
  return typeof navigator !== 'undefined'
    ? (navigator as Navigator & { locks?: Locks }).locks
    : undefined;
}

/** How long a tab that found the lock taken waits, once it holds it, for the other's news. */
const GRACE_MS = 2000;

/**
 * Runs `refresh` (which spends the refresh token `key` stands for) unless another tab already
 * did: then resolves with that tab's result instead. `refresh` resolves with its own result,
 * which is announced to the other tabs before the lock is released.
 */
export async function coordinateRefresh(
  key: string,
  refresh: () => Promise<RefreshResult>,
): Promise<RefreshResult> {
  const l = locks();
  const run = async () => {
    const known = seen.get(key);
    if (known) return known;
    const r = await refresh();
    remember(r);
    channel?.postMessage(r);
    return r;
  };
  if (!l) return run();
  const first = await l.request(LOCK, { ifAvailable: true }, async (lock) =>
    lock ? { result: await run() } : undefined,
  );
  if (first) return first.result;
  // Another tab is refreshing: wait for the lock, then for its news, before spending ours.
  return l.request(LOCK, {}, async () => (await waitFor(key, GRACE_MS)) ?? run());
}
