import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { childPath, diffJson, shortJson } from './json-diff.ts';

describe('diffJson', () => {
  it('sees no change when only member order and layout differ', () => {
    const before = JSON.parse('{"data":{"a":1,"b":[1,{"c":null}]}}');
    const after = JSON.parse('{ "data": { "b": [1, { "c": null }], "a": 1 } }');
    expect(diffJson(before, after)).toEqual({
      changes: [],
      total: 0,
      counts: { added: 0, removed: 0, changed: 0 },
      arrays: false,
    });
  });

  it('lists added, removed and changed values by path, in document order', () => {
    const before = {
      data: { user: { name: 'alice', email: 'a@x', admin: false }, 'odd key': 1 },
      errors: [{ message: 'x' }],
    };
    const after = {
      data: { user: { name: 'bob', admin: false, id: 7 }, 'odd key': '1' },
    };
    expect(diffJson(before, after).changes).toEqual([
      { path: '$.data.user.name', kind: 'changed', before: '"alice"', after: '"bob"' },
      { path: '$.data.user.email', kind: 'removed', before: '"a@x"' },
      { path: '$.data.user.id', kind: 'added', after: '7' },
      { path: "$.data['odd key']", kind: 'changed', before: '1', after: '"1"' },
      { path: '$.errors', kind: 'removed', before: '[{"message":"x"}]' },
    ]);
  });

  it('compares arrays by index and says so', () => {
    const d = diffJson({ nodes: ['a', 'b'] }, { nodes: ['x', 'a', 'b'] });
    expect(d.changes.map((c) => [c.path, c.kind])).toEqual([
      ['$.nodes[0]', 'changed'],
      ['$.nodes[1]', 'changed'],
      ['$.nodes[2]', 'added'],
    ]);
    expect(d.arrays).toBe(true);
    expect(diffJson({ a: [1] }, { a: [1], b: 2 }).arrays).toBe(false);
  });

  it('a value whose type changed is one change, its subtree not listed', () => {
    const d = diffJson({ v: { a: 1, b: 2 } }, { v: [1, 2] });
    expect(d.changes).toEqual([
      { path: '$.v', kind: 'changed', before: '{"a":1,"b":2}', after: '[1,2]' },
    ]);
    expect(diffJson(null, { a: 1 }).changes).toEqual([
      { path: '$', kind: 'changed', before: 'null', after: '{"a":1}' },
    ]);
  });

  it('lists the first `limit` paths and counts them all', () => {
    const before = { xs: Array.from({ length: 3000 }, (_, i) => i) };
    const after = { xs: Array.from({ length: 2000 }, (_, i) => (i % 2 ? i : -i - 1)) };
    const d = diffJson(before, after, 10);
    expect(d.changes).toHaveLength(10);
    expect(d.changes[0]).toEqual({ path: '$.xs[0]', kind: 'changed', before: '0', after: '-1' });
    expect(d.total).toBe(2000);
    expect(d.counts).toEqual({ added: 0, removed: 1000, changed: 1000 });
  });

  it('works at any depth (no recursion)', () => {
    let before: unknown = 1;
    let after: unknown = 2;
    for (let i = 0; i < 100_000; i++) {
      before = [before];
      after = [after];
    }
    const d = diffJson(before, after);
    expect(d.total).toBe(1);
    expect(d.changes[0]!.path).toBe('$' + '[0]'.repeat(100_000));
  });

  it('a property: setting one leaf is exactly one change at its path', () => {
    const leaf = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null));
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), leaf, fc.nat(), (raw, value, pick) => {
        const v = JSON.parse(JSON.stringify(raw)) as unknown;
        const leaves: { path: string; set(x: unknown): void; old: unknown }[] = [];
        const walk = (x: unknown, path: string, set: (y: unknown) => void) => {
          if (Array.isArray(x)) x.forEach((y, i) => walk(y, childPath(path, i), (z) => (x[i] = z)));
          else if (x && typeof x === 'object') {
            const o = x as Record<string, unknown>;
            for (const k of Object.keys(o)) walk(o[k], childPath(path, k), (z) => (o[k] = z));
          } else leaves.push({ path, set, old: x });
        };
        const copy = JSON.parse(JSON.stringify(v)) as unknown;
        walk(copy, '$', () => undefined);
        if (leaves.length === 0) return;
        const target = leaves[pick % leaves.length]!;
        if (target.path === '$') return;
        target.set(value);
        const d = diffJson(v, copy);
        if (Object.is(target.old, value) || target.old === value) expect(d.total).toBe(0);
        else
          expect(d.changes).toEqual([
            expect.objectContaining({ path: target.path, kind: 'changed' }),
          ]);
        expect(diffJson(v, JSON.parse(JSON.stringify(v))).total).toBe(0);
      }),
      { numRuns: 300 },
    );
  });
});

describe('childPath', () => {
  it('dots identifiers, brackets the rest with quotes escaped', () => {
    expect(childPath('$', 'data')).toBe('$.data');
    expect(childPath('$', 3)).toBe('$[3]');
    expect(childPath('$', "it's a\\b")).toBe("$['it\\'s a\\\\b']");
    expect(childPath('$', '9lives')).toBe("$['9lives']");
  });
});

describe('shortJson', () => {
  it('is the JSON text when short, cut with … when long, without writing all of it', () => {
    expect(shortJson({ a: [1, 'x'] })).toBe('{"a":[1,"x"]}');
    const big = { items: Array.from({ length: 1_000_000 }, (_, i) => ({ i })) };
    const s = shortJson(big, 40);
    expect(s).toHaveLength(40);
    expect(s.endsWith('…')).toBe(true);
    expect(s.startsWith('{"items":[{"i":0},{"i":1}')).toBe(true);
  });
});
