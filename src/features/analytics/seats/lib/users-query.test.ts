import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { licenceQuery, missingParts, OPTIONAL, usersQuery } from './users-query.ts';

describe('missingParts', () => {
  it("reads graphql-js's and graph-gophers' words for a missing field or argument", () => {
    expect(
      missingParts([
        'Cannot query field "usageStatistics" on type "User". Did you mean "username"?',
        'Unknown argument "after" on field "users" of type "Query".',
        'Unknown argument "after" on field "Query.users".',
      ]),
    ).toEqual(['usageStatistics', 'after', 'after']);
  });

  it('gives up on any other error, or a required field', () => {
    expect(missingParts(['Cannot query field "emails" on type "User".', 'boom'])).toBeNull();
    expect(missingParts(['Cannot query field "username" on type "User".'])).toBeNull();
    expect(missingParts([])).toBeNull();
  });
});

describe('the queries', () => {
  it('parse with everything in, and with every optional part out', () => {
    const all = new Set<string>(OPTIONAL);
    for (const off of [new Set<string>(), all]) {
      expect(() => parse(usersQuery(off))).not.toThrow();
      expect(() => parse(licenceQuery(off))).not.toThrow();
    }
    expect(licenceQuery(all)).toBe('query SeatLicence { currentUser { username siteAdmin } }');
  });

  it('page with first/after, or ask once without after (and its variable)', () => {
    expect(usersQuery(new Set())).toContain('users(first: $first, after: $after)');
    const once = usersQuery(new Set(['after']));
    expect(once).toContain('users(first: $first)');
    expect(once).not.toContain('$after');
    expect(once).not.toContain('pageInfo');
  });

  it('drop a selection left empty', () => {
    expect(usersQuery(new Set(['lastActiveTime']))).not.toContain('usageStatistics');
    expect(licenceQuery(new Set(['userCount', 'expiresAt']))).toContain('license { userCount }');
  });
});
