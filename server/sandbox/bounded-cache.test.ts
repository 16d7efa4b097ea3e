import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.ts';

describe('BoundedCache', () => {
  it('evicts the least recently used entries beyond its entry cap', () => {
    const c = new BoundedCache(3, 1000);
    for (const k of ['a', 'b', 'c']) c.set(k, k.toUpperCase());
    expect(c.get('a')).toBe('A'); // a is now the most recently used
    c.set('d', 'D');
    expect([c.get('a'), c.get('b'), c.get('c'), c.get('d')]).toEqual(['A', undefined, 'C', 'D']);
    expect(c.size).toBe(3);
  });

  it('keeps keys and values within its byte cap, and never stores one entry larger than it', () => {
    const c = new BoundedCache(100, 10);
    c.set('k1', 'xxx'); // 5 bytes
    c.set('k2', 'yyy'); // 5 bytes: 10 in all
    expect(c.bytes).toBe(10);
    c.set('k3', 'z'); // 3 bytes: k1 goes
    expect([c.get('k1'), c.get('k2'), c.get('k3')]).toEqual([undefined, 'yyy', 'z']);
    expect(c.bytes).toBe(8);
    c.set('big', 'x'.repeat(20));
    expect(c.get('big')).toBeUndefined();
    expect(c.bytes).toBe(8);
    c.set('k2', 'y'); // replacing an entry counts its new size only
    expect(c.bytes).toBe(6);
  });
});

describe('BoundedCache with a size function', () => {
  it('counts each value by its size, e.g. the bytes of the buffers it holds', () => {
    const bytes = (chunks: Buffer[]) => chunks.reduce((n, c) => n + c.length, 0);
    const c = new BoundedCache<Buffer[]>(10, 100, bytes);
    c.set('a', [Buffer.alloc(30), Buffer.alloc(20)]); // 51
    c.set('b', [Buffer.alloc(40)]); // 41: 92 in all
    expect(c.bytes).toBe(92);
    c.set('c', [Buffer.alloc(10)]); // 11: a goes
    expect([c.get('a'), c.get('b')?.length, c.get('c')?.length]).toEqual([undefined, 1, 1]);
    expect(c.bytes).toBe(52);
    c.set('d', [Buffer.alloc(200)]);
    expect(c.get('d')).toBeUndefined();
  });
});
