/**
 * Seats and adoption: the report's users (report-users.ts) joined with the instance's
 * (match-users.ts). Per instance user, whether they were active in the report; the report's
 * users the instance does not know; and per client and language, how many instance users were
 * active with it. Runs in the report worker beside the rows. Pure.
 */
import { matchUsers, type InstanceKey, type MatchedBy } from './match-users.ts';
import type { ReportUsers } from './report-users.ts';

/** Per instance user: not in the report, in it without activity, active in it. */
export const ABSENT = 0;
export const IDLE = 1;
export const ACTIVE = 2;

/** A report user the instance does not know (deleted, or never on this instance). */
export interface UnknownUser {
  id: string;
  username: string;
  email: string;
  rows: number;
  active: boolean;
  lastActive: string;
}

/** Instance users active with one client or language. */
export interface Adoption {
  name: string;
  users: number;
}

export type SeatAnswer =
  | {
      ok: true;
      /** The report's first and last date with rows ('' without dates). */
      from: string;
      to: string;
      /** Distinct users in the report, and those of them active. */
      reportUsers: number;
      reportActive: number;
      /** Per instance user (in the order sent): ABSENT, IDLE or ACTIVE. */
      status: Uint8Array;
      /** Per instance user: the last date active in the report ('' when none). */
      lastActive: string[];
      /** Report users matched, by what. */
      matchedBy: Record<MatchedBy, number>;
      /** Most recently active first. */
      unknown: UnknownUser[];
      /** Most users first; empty when the report has no such column. */
      clients: Adoption[];
      languages: Adoption[];
    }
  | { ok: false; reason: 'no-users' };

/** Per name, the instance users active with it (one count per instance user, however many report users are them). */
function adoption(
  names: readonly string[],
  picks: (u: number) => readonly number[],
  matched: readonly { user: number; instance: number }[],
): Adoption[] {
  const counts = new Array<number>(names.length).fill(0);
  const seen = new Set<number>();
  for (const m of matched)
    for (const k of picks(m.user)) {
      const key = m.instance * names.length + k;
      if (seen.has(key)) continue;
      seen.add(key);
      counts[k]!++;
    }
  return names
    .map((name, k) => ({ name, users: counts[k]! }))
    .filter((a) => a.users > 0)
    .sort((a, b) => b.users - a.users || (a.name < b.name ? -1 : 1));
}

export function seatAnswer(
  report: ReportUsers | null,
  instance: readonly InstanceKey[],
): SeatAnswer {
  if (!report) return { ok: false, reason: 'no-users' };
  const { users } = report;
  const { index, by } = matchUsers(users, instance);
  const status = new Uint8Array(instance.length);
  const lastActive: string[] = new Array<string>(instance.length).fill('');
  const matchedBy: Record<MatchedBy, number> = { username: 0, email: 0, id: 0 };
  const unknown: UnknownUser[] = [];
  /** Active report users with the instance user they are. */
  const matched: { user: number; instance: number }[] = [];
  let reportActive = 0;
  users.forEach((u, k) => {
    if (u.active) reportActive++;
    const i = index[k]!;
    if (i < 0) {
      const { id, username, email, rows, active } = u;
      unknown.push({ id, username, email, rows, active, lastActive: u.lastActive });
      return;
    }
    matchedBy[by[k]!]++;
    status[i] = Math.max(status[i]!, u.active ? ACTIVE : IDLE);
    if (u.lastActive > lastActive[i]!) lastActive[i] = u.lastActive;
    if (u.active) matched.push({ user: k, instance: i });
  });
  unknown.sort(
    (a, b) =>
      (a.lastActive < b.lastActive ? 1 : a.lastActive > b.lastActive ? -1 : 0) ||
      Number(b.active) - Number(a.active) ||
      b.rows - a.rows,
  );
  return {
    ok: true,
    from: report.from,
    to: report.to,
    reportUsers: users.length,
    reportActive,
    status,
    lastActive,
    matchedBy,
    unknown,
    clients: adoption(report.clients, (u) => users[u]!.clients, matched),
    languages: adoption(report.languages, (u) => users[u]!.languages, matched),
  };
}
