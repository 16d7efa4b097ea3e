/**
 * How many users the sandbox has (SANDBOX_USERS): the seeded ones (data.ts) and, past them,
 * users made one by one from their index alone, so user 9,999 is the same whatever the count
 * and growing never changes the users before it. Kept apart from the seeded users' fields.
 */
import {
  capital,
  date,
  FIRST,
  LAST,
  pick,
  prng,
  resizeUsers,
  UNICODE_NAMES,
  USER_COUNT,
  USERS,
  type UserRecord,
} from './data.ts';

export const DEFAULT_USERS = USER_COUNT;
/** A bound on SANDBOX_USERS: ~300 bytes a user (with the name index), 60 MB at most. */
const MAX_USERS = 200_000;

export function userCountProblem(count: number): string | null {
  return count > MAX_USERS ? `SANDBOX_USERS must be at most ${MAX_USERS}, got ${count}` : null;
}

/** User `index` past the seeded ones; its name ends in its index, so it is unique. */
function grownUser(index: number): UserRecord {
  const rand = prng(0x5eed0000 ^ Math.imul(index, 2654435761));
  const f = pick(rand, FIRST);
  const l = pick(rand, LAST);
  const username = `${f}.${l}${index}`;
  return {
    index,
    username,
    displayName:
      (index % 7 === 0 ? UNICODE_NAMES[(index / 7) % UNICODE_NAMES.length] : undefined) ??
      `${capital(f)} ${capital(l)}`,
    email: `${username}@example.com`,
    siteAdmin: index % 53 === 0,
    createdAt: date(rand, 2018),
  };
}

/** Sets the number of users (at least the seeded ones). */
export function populateUsers(count: number = DEFAULT_USERS): void {
  resizeUsers(count, grownUser);
  byUsername = undefined;
}

let byUsername: { length: number; sorted: readonly UserRecord[] } | undefined;

function compare(x: UserRecord, y: UserRecord): number {
  return x.username < y.username ? -1 : x.username > y.username ? 1 : 0;
}

/** `list` in username order; all users' order is kept (10,000 users: one sort, not one a page). */
export function inUsernameOrder(list: readonly UserRecord[]): readonly UserRecord[] {
  if (list !== USERS) return [...list].sort(compare);
  if (byUsername?.length !== USERS.length)
    byUsername = { length: USERS.length, sorted: [...USERS].sort(compare) };
  return byUsername.sorted;
}
