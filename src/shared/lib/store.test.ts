import { describe, expect, it } from 'vitest';
import { createStore } from './store.ts';

describe('createStore', () => {
  it('tells listeners about real changes only', () => {
    const s = createStore(1);
    const heard: number[] = [];
    const off = s.subscribe(() => heard.push(s.get()));
    s.set(2);
    s.set(2);
    s.set((n) => n + 1);
    off();
    s.set(10);
    expect(heard).toEqual([2, 3]);
    expect(s.get()).toBe(10);
  });

  it('computes a lazy initial value once, on first read', () => {
    let calls = 0;
    const s = createStore(() => {
      calls++;
      return { n: 1 };
    });
    expect(calls).toBe(0);
    expect(s.get()).toBe(s.get());
    expect(calls).toBe(1);
  });

  it('lets a listener unsubscribe while being notified', () => {
    const s = createStore('a');
    const heard: string[] = [];
    const off = s.subscribe(() => {
      heard.push('first');
      off();
    });
    s.subscribe(() => heard.push('second'));
    s.set('b');
    s.set('c');
    expect(heard).toEqual(['first', 'second', 'second']);
  });
});
