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
