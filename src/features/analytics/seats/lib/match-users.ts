/**
 * Matching the report's users with the instance's: by username, else by email (any of the
 * user's emails), both compared trimmed, NFC-normalised and lower-cased (usernames and emails
 * are case-insensitive on the instance; the export may write them in another case). A report
 * user with neither a username nor an email (an instance without the user metadata export
 * addendum) is matched by `Instance user ID` against the instance's database ID. A report user
 * left unmatched is unknown to the instance (a deleted account, or a report of another
 * instance). Pure.
 */

/** What identifies an instance user. */
export interface InstanceKey {
  username: string;
  emails: readonly string[];
  /** The database ID (`User:<n>` in the GraphQL ID); null when it could not be read. */
  databaseId: number | null;
}

/** What identifies a report user (the cells of their rows). */
export interface ReportKey {
  id: string;
  username: string;
  email: string;
}

export type MatchedBy = 'username' | 'email' | 'id';

export interface Matches {
  /** Per report user, the index of the instance user, or -1. */
  index: Int32Array;
  /** Per report user, what matched (undefined when nothing did). */
  by: (MatchedBy | undefined)[];
}

/** The form compared: trimmed, NFC, lower-case ('' for nothing to compare). */
function userKey(s: string): string {
  return s.trim().normalize('NFC').toLowerCase();
}

/** Adds `key` → `i` unless the key is empty or taken (the first user keeps it). */
function put(map: Map<string, number>, key: string, i: number): void {
  if (key && !map.has(key)) map.set(key, i);
}

export function matchUsers(
  report: readonly ReportKey[],
  instance: readonly InstanceKey[],
): Matches {
  const byName = new Map<string, number>();
  const byEmail = new Map<string, number>();
  const byId = new Map<string, number>();
  instance.forEach((u, i) => {
    put(byName, userKey(u.username), i);
    for (const e of u.emails) put(byEmail, userKey(e), i);
    if (u.databaseId !== null) put(byId, String(u.databaseId), i);
  });
  const index = new Int32Array(report.length).fill(-1);
  const by: (MatchedBy | undefined)[] = new Array(report.length).fill(undefined);
  report.forEach((r, k) => {
    const name = userKey(r.username);
    const email = userKey(r.email);
    let found: [number | undefined, MatchedBy] = [name ? byName.get(name) : undefined, 'username'];
    if (found[0] === undefined && email) found = [byEmail.get(email), 'email'];
    const id = r.id.trim();
    if (found[0] === undefined && !name && !email && /^\d+$/.test(id))
      found = [byId.get(String(Number(id))), 'id'];
    if (found[0] !== undefined) {
      index[k] = found[0];
      by[k] = found[1];
    }
  });
  return { index, by };
}

/** The database ID in a GraphQL ID `User:<n>` (base64), or null. */
export function databaseIdOf(graphqlId: string): number | null {
  let text: string;
  try {
    text = atob(graphqlId);
  } catch {
    return null;
  }
  const m = /^User:(\d+)$/.exec(text);
  return m ? Number(m[1]) : null;
}
