/**
 * The users both sandboxes describe, for seats and adoption (issue 29): the sandbox instance's
 * users (`USERS` of instance/data.ts, grown in place by SANDBOX_USERS) are the people the
 * analytics report of that instance names, and its licence counts them. The instance reads its
 * licence here; the analytics service maps its report users of the sandbox instance onto
 * {@link reportPerson} (analytics/instance-users.ts). Read at call time, never at import, so a
 * grown user list is seen.
 *
 * Rules the seat view relies on (server/sandbox/analytics/README.md, "Users of the sandbox
 * instance"):
 * - the report's first {@link DELETED_FIRST} users are people the instance no longer has
 *   (deleted accounts: the texture users with non-ASCII names, quotes, a newline, empty cells);
 *   their `Instance user ID`s lie above every instance user's (from {@link DELETED_ID_BASE});
 * - then the instance's users in index order, skipping those {@link neverInReport} (one in ten:
 *   licensed, never active, at every scale); past the instance's users, more deleted people;
 * - a person's `Instance user ID` is the instance's database ID (`User:<index + 1>`);
 * - some report cells differ in case from the instance (an upper-case email domain; a
 *   capitalised username and email) and some rows have an email but no username: the join must
 *   match case-insensitively, by username or email.
 */
import { USERS, type UserRecord } from './instance/data.ts';

/** Report users before the instance's own: deleted accounts. */
const DELETED_FIRST = 6;
/** Deleted people's IDs start above any instance user's (SANDBOX_USERS is at most 200,000). */
export const DELETED_ID_BASE = 900_000;

/** Instance users who hold a seat but never appear in the report. */
export function neverInReport(u: UserRecord): boolean {
  return u.index % 10 === 9;
}

/** The instance users the report names, in report order. */
export function reportedUsers(): UserRecord[] {
  return USERS.filter((u) => !neverInReport(u));
}

/** How report user `index` is identified in the report's cells. */
export interface ReportIdentity {
  id: number;
  username: string;
  email: string;
}

/**
 * The instance user behind report user `index` (of a report whose users are `reported`, from
 * {@link reportedUsers}), with the cells the report shows; undefined for a deleted person.
 */
export function reportPerson(
  index: number,
  reported: readonly UserRecord[],
): ReportIdentity | undefined {
  const u = index >= DELETED_FIRST ? reported[index - DELETED_FIRST] : undefined;
  if (!u) return undefined;
  // Every 11th user has an email only (as the export shows users without a username); every
  // 4th an upper-case email domain; every 7th a capitalised username and email. A join that
  // minds case misses the capitalised users and the email-only ones with an upper-case domain.
  const [local = '', domain = ''] = u.email.split('@');
  const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
  const recased = index % 7 === 5;
  const email = `${recased ? capital(local) : local}@${index % 4 === 3 ? domain.toUpperCase() : domain}`;
  const username = index % 11 === 0 ? '' : recased ? capital(u.username) : u.username;
  return { id: u.index + 1, username, email };
}

/** The instance's licence: seats above its user count, rounded up to 50 (500 at the least). */
export function licence() {
  const seats = Math.max(500, Math.ceil((USERS.length * 1.2) / 50) * 50);
  return {
    productNameWithBrand: 'Sourcegraph Enterprise (sandbox)',
    actualUserCount: USERS.length,
    actualUserCountDate: '2026-01-05',
    maximumAllowedUserCount: seats,
    noLicenseWarningUserCount: null,
    license: {
      productNameWithBrand: 'Sourcegraph Enterprise (sandbox)',
      tags: ['plan:enterprise-1', 'true-up'],
      userCount: seats,
      expiresAt: '2026-12-31T23:59:59Z',
    },
  };
}
