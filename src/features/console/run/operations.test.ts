import { describe, expect, it } from 'vitest';
import { listOperations, operationAt } from './operations';

const DOC = `query A { a }

mutation B($x: Int) { b(x: $x) }

fragment F on T { f }

subscription C { c }`;

describe('listOperations', () => {
  it('lists operations with kind, name and range; fragments are not operations', () => {
    const ops = listOperations(DOC);
    expect(ops.map((o) => [o.kind, o.name])).toEqual([
      ['query', 'A'],
      ['mutation', 'B'],
      ['subscription', 'C'],
    ]);
    expect(DOC.slice(ops[1]!.from, ops[1]!.to)).toBe('mutation B($x: Int) { b(x: $x) }');
  });

  it('lists an anonymous query', () => {
    expect(listOperations('{ a }')).toEqual([{ kind: 'query', name: undefined, from: 0, to: 5 }]);
  });

  it('keeps working while the document has a syntax error', () => {
    const broken = 'query A { a(x: ) }\n# query Fake { }\nquery B { b { }\n';
    expect(listOperations(broken).map((o) => o.name)).toEqual(['A', 'B']);
    expect(listOperations('query A { s(q: "}") }\nquery B { b(').map((o) => o.name)).toEqual([
      'A',
      'B',
    ]);
  });
});

describe('operationAt', () => {
  it.each([
    [0, 'A'],
    [DOC.indexOf('a }'), 'A'],
    [DOC.indexOf('b(x'), 'B'],
    [DOC.indexOf('fragment'), 'B'], // between operations: the one before
    [DOC.indexOf('{ c }') + 2, 'C'],
    [DOC.length, 'C'],
  ])('offset %i → %s', (offset, name) => {
    expect(operationAt(DOC, offset)).toBe(name);
  });

  it('needs no name when there is a single operation', () => {
    expect(operationAt('query Only { a }', 3)).toBeUndefined();
  });
});
