import { describe, expect, it } from 'vitest';
import { databaseIdOf, matchUsers, type InstanceKey, type ReportKey } from './match-users.ts';

const inst = (username: string, emails: string[] = [], databaseId: number | null = null) => ({
  username,
  emails,
  databaseId,
});
const rep = (username: string, email = '', id = ''): ReportKey => ({ id, username, email });

const INSTANCE: InstanceKey[] = [
  inst('alice', ['alice@example.com'], 1),
  inst('Bob.Smith', ['bob@Example.COM', 'bob.old@example.com'], 2),
  inst('jürgen', ['jurgen@example.com'], 3),
  // Licensed, never in any report below.
  inst('idle', ['idle@example.com'], 4),
];

describe('matchUsers', () => {
  it('matches by username, case-insensitively', () => {
    const m = matchUsers([rep('ALICE'), rep('bob.smith')], INSTANCE);
    expect([...m.index]).toEqual([0, 1]);
    expect(m.by).toEqual(['username', 'username']);
  });

  it('matches by any of the emails when the username does not match, case-insensitively', () => {
    const m = matchUsers(
      [
        rep('', 'BOB.OLD@EXAMPLE.COM'),
        rep('renamed', 'Alice@Example.com'),
        rep('', 'bob@example.com'),
      ],
      INSTANCE,
    );
    expect([...m.index]).toEqual([1, 0, 1]);
    expect(m.by).toEqual(['email', 'email', 'email']);
  });

  it('prefers the username to the email when they point at different users', () => {
    const m = matchUsers([rep('alice', 'bob@example.com')], INSTANCE);
    expect([...m.index]).toEqual([0]);
  });

  it('compares composed and decomposed accents alike, and ignores surrounding blanks', () => {
    const decomposed = 'ju\u0308rgen';
    expect([...matchUsers([rep(` ${decomposed} `)], INSTANCE).index]).toEqual([2]);
  });

  it('leaves deleted users (in the report only) unmatched', () => {
    const m = matchUsers([rep('gone', 'gone@example.com', '99'), rep('alice')], INSTANCE);
    expect([...m.index]).toEqual([-1, 0]);
    expect(m.by).toEqual([undefined, 'username']);
  });

  it('matches by Instance user ID only a user with neither username nor email', () => {
    const m = matchUsers(
      [rep('', '', '3'), rep('someone-else', '', '1'), rep('', '', '77')],
      INSTANCE,
    );
    expect([...m.index]).toEqual([2, -1, -1]);
    expect(m.by).toEqual(['id', undefined, undefined]);
  });

  it('matches nothing on either side when one side is empty', () => {
    expect([...matchUsers([rep('alice')], []).index]).toEqual([-1]);
    expect([...matchUsers([], INSTANCE).index]).toEqual([]);
  });

  it('never matches blank cells to a blank instance value', () => {
    const m = matchUsers([rep('', '', '')], [inst('', [''], null)]);
    expect([...m.index]).toEqual([-1]);
  });
});

describe('databaseIdOf', () => {
  it('reads User:<n> from a GraphQL ID', () => {
    expect(databaseIdOf(btoa('User:42'))).toBe(42);
    expect(databaseIdOf(btoa('Org:42'))).toBeNull();
    expect(databaseIdOf('not base64!')).toBeNull();
  });
});
