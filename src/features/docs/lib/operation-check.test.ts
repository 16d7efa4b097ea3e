import { describe, expect, it } from 'vitest';
import type { UpgradeOperation } from '../upgrade-props.ts';
import { checkOperations } from './operation-check.ts';
import { after, before } from './upgrade-fixture.ts';

const op = (id: string, query: string, source: UpgradeOperation['source'] = 'saved') => ({
  source,
  id,
  name: `Op ${id}`,
  query,
});

describe('checkOperations', () => {
  it('passes operations that still validate and skips empty ones', () => {
    const r = checkOperations(after, [
      op('ok', '{ user(id: 1) { id name role } }'),
      op('blank', '  # a new tab\n', 'tab'),
    ]);
    expect(r).toEqual({ checked: 1, failures: [] });
  });

  it('names the removed field, where it is used, and the source', () => {
    const query = 'query Me {\n  user(id: 1) {\n    id\n    email\n  }\n}';
    const r = checkOperations(after, [op('s1', query, 'recipe')]);
    expect(r.failures).toEqual([
      {
        source: 'recipe',
        id: 's1',
        name: 'Op s1',
        problems: [
          {
            message: 'Cannot query field "email" on type "User".',
            field: 'User.email',
            location: { line: 4, column: 5 },
          },
        ],
      },
    ]);
  });

  it('names the argument whose type changed, through a variable or a literal', () => {
    const viaVariable = 'query Page($n: Int) {\n  users(first: $n) { id }\n}';
    const literal = '{ users(first: 10) { id } }';
    const r = checkOperations(after, [op('v', viaVariable), op('l', literal)]);
    expect(r.failures.map((f) => f.problems[0]?.field)).toEqual([
      'Query.users(first:)',
      'Query.users(first:)',
    ]);
    expect(r.failures[0]?.problems[0]?.location).toEqual({ line: 1, column: 12 });
    expect(r.failures[0]?.problems[0]?.message).toContain('"$n" of type "Int"');
  });

  it('names the removed enum value', () => {
    const r = checkOperations(after, [op('e', '{\n  users(role: GUEST) { id }\n}')]);
    expect(r.failures[0]?.problems).toEqual([
      {
        message: expect.stringContaining('"GUEST"'),
        field: 'Role.GUEST',
        location: { line: 2, column: 15 },
      },
    ]);
  });

  it('says which failures were failing before the change already', () => {
    const r = checkOperations(
      after,
      [op('broken', '{ user(id: 1) { nope } }'), op('new', '{ user(id: 1) { email } }')],
      before,
    );
    expect(r.failures.map((f) => [f.id, f.failedBefore ?? false])).toEqual([
      ['broken', true],
      ['new', false],
    ]);
    expect(r.failures[0]?.problems[0]?.field).toBe('User.nope');
  });

  it('reports a syntax error with its place', () => {
    const r = checkOperations(after, [op('t', '{ user(id: 1) { id }', 'tab')]);
    expect(r.failures[0]?.problems).toEqual([
      { message: expect.stringMatching(/^Syntax Error/), location: { line: 1, column: 21 } },
    ]);
  });

  it('validates the same operations against the schema before: all pass there', () => {
    const ops = [
      op('a', '{ user(id: 1) { email } }'),
      op('b', 'query($n: Int) { users(first: $n) { id } }'),
      op('c', '{ users(role: GUEST) { id } }'),
    ];
    expect(checkOperations(before, ops)).toEqual({ checked: 3, failures: [] });
    expect(checkOperations(after, ops).failures.map((f) => f.id)).toEqual(['a', 'b', 'c']);
  });
});
