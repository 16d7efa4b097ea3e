import { describe, expect, it, vi } from 'vitest';
import { lazyOnce } from './lazy-once.ts';

describe('lazyOnce', () => {
  it('loads once for every caller and keeps the value', async () => {
    const load = vi.fn(() => Promise.resolve({ name: 'chunk' }));
    const lazy = lazyOnce(load);
    expect(lazy.now()).toBeUndefined();
    const [a, b] = await Promise.all([lazy.load(), lazy.load()]);
    expect(a).toBe(b);
    expect(await lazy.load()).toBe(a);
    expect(lazy.now()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, says it in its state, and loads again on the next call', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('in');
    const lazy = lazyOnce(load);
    await expect(lazy.load()).rejects.toThrow('offline');
    expect(lazy.state.get().error?.message).toBe('offline');
    expect(await lazy.load()).toBe('in');
    expect(lazy.state.get()).toEqual({ value: 'in' });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('tells listeners the value before a caller of load() continues', async () => {
    const lazy = lazyOnce(() => Promise.resolve(42));
    const order: string[] = [];
    lazy.state.subscribe(() => order.push(`listener ${lazy.now()}`));
    await lazy.load().then((v) => order.push(`caller ${v}`));
    expect(order).toEqual(['listener 42', 'caller 42']);
  });
});
