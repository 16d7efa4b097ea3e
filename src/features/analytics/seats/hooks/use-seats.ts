import { useEffect, useMemo, useState } from 'react';
import {
  tokenFingerprint,
  usableConnection,
  useConnection,
  type ConnectionSettings,
} from '../../../connection/index.ts';
import { normalizeInstanceHost } from '../../../../shared/contracts/host.ts';
import type { ReportState } from '../../hooks/use-report.ts';
import { fetchInstanceUsers, SeatsError, type InstanceUsers } from '../api/instance-users.ts';
import type { InstanceKey } from '../lib/match-users.ts';
import type { SeatAnswer } from '../lib/seat-answer.ts';

/** What the seat view shows: what to do first, progress, or the answer. */
export type SeatsView =
  | { kind: 'waiting' }
  | { kind: 'no-connection'; reportHost: string }
  | { kind: 'mismatch'; reportHost: string; consoleHost: string }
  | { kind: 'reading'; read: number; total: number | null }
  | { kind: 'joining'; facts: InstanceUsers }
  | { kind: 'not-admin'; viewer: string; said: string | null }
  | { kind: 'failed'; message: string }
  | { kind: 'no-users' }
  | { kind: 'done'; facts: InstanceUsers; answer: Extract<SeatAnswer, { ok: true }> };

type Fetched =
  | { key: string; status: 'reading'; read: number; total: number | null }
  | { key: string; status: 'done'; facts: InstanceUsers }
  | { key: string; status: 'failed'; error: SeatsError | Error };

/** The host of a URL or host as the analytics API names instances ('' when there is none). */
function hostOf(text: string): string {
  const h = normalizeInstanceHost(text);
  return h.ok ? h.host : '';
}

/** Identifies the instance and credentials the users were read with (never the token itself). */
function connectionKey(c: ConnectionSettings): string {
  return [c.baseUrl.trim(), c.scheme, c.sudoUser, tokenFingerprint(c.token, c.scheme)].join('|');
}

/**
 * The users of one connection, read once (the last one is kept in memory: a new report of the
 * same instance joins them again without a second read; "Reload instance users" reads again).
 */
let kept: { key: string; facts: InstanceUsers } | undefined;

/** Forgets the users read last ("Reload instance users"). */
export function forgetInstanceUsers(): void {
  kept = undefined;
}

/**
 * Seats and adoption for the report shown (`state`, the report of `reportHost`): the console's
 * connection must be to the same instance, with a site admin's token; its users are read page by
 * page, then the report worker joins them with the report's users (`seats`).
 */
export function useSeats(
  state: ReportState,
  reportHost: string,
  seats: (instance: InstanceKey[]) => Promise<SeatAnswer>,
  reload: number,
): SeatsView {
  const conn = useConnection();
  const consoleHost = hostOf(conn.baseUrl);
  const report = hostOf(reportHost) || reportHost.trim();
  const connected = consoleHost !== '' && conn.token.trim() !== '';
  const same = connected && consoleHost === report;
  const key = connectionKey(conn);
  const [fetched, setFetched] = useState<Fetched>();
  const [joined, setJoined] = useState<{
    loadId: number;
    facts: InstanceUsers;
    answer: SeatAnswer;
  }>();

  useEffect(() => {
    if (!same) return;
    if (kept?.key === key) {
      setFetched({ key, status: 'done', facts: kept.facts });
      return;
    }
    const abort = new AbortController();
    setFetched({ key, status: 'reading', read: 0, total: null });
    usableConnection()
      .then((settings) =>
        fetchInstanceUsers(settings, {
          signal: abort.signal,
          onProgress: (read, total) =>
            !abort.signal.aborted && setFetched({ key, status: 'reading', read, total }),
        }),
      )
      .then(
        (facts) => {
          kept = { key, facts };
          if (!abort.signal.aborted) setFetched({ key, status: 'done', facts });
        },
        (error: unknown) => {
          if (!abort.signal.aborted)
            setFetched({
              key,
              status: 'failed',
              error: error instanceof Error ? error : new Error(String(error)),
            });
        },
      );
    return () => abort.abort();
  }, [same, key, reload]);

  const facts = fetched?.key === key && fetched.status === 'done' ? fetched.facts : undefined;
  const ready = state.phase === 'done' && state.loadId > 0;
  const keys = useMemo(
    () =>
      facts?.users.map((u) => ({
        username: u.username,
        emails: u.emails,
        databaseId: u.databaseId,
      })),
    [facts],
  );
  const { loadId } = state;
  useEffect(() => {
    if (!ready || !facts || !keys) return;
    let live = true;
    seats(keys).then(
      (answer) => live && setJoined({ loadId, facts, answer }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, facts, keys, loadId, seats]);

  if (!ready) return { kind: 'waiting' };
  if (!connected) return { kind: 'no-connection', reportHost: report };
  if (!same) return { kind: 'mismatch', reportHost: report, consoleHost };
  if (!fetched || fetched.key !== key || fetched.status === 'reading')
    return {
      kind: 'reading',
      read: fetched?.status === 'reading' ? fetched.read : 0,
      total: fetched?.status === 'reading' ? fetched.total : null,
    };
  if (fetched.status === 'failed') {
    const e = fetched.error;
    return e instanceof SeatsError && e.notAdmin
      ? { kind: 'not-admin', ...e.notAdmin }
      : { kind: 'failed', message: e.message };
  }
  if (joined?.loadId !== loadId || joined.facts !== fetched.facts)
    return { kind: 'joining', facts: fetched.facts };
  if (!joined.answer.ok) return { kind: 'no-users' };
  return { kind: 'done', facts: joined.facts, answer: joined.answer };
}
