import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageBackend, type StorageLike } from './backend.ts';
import { createConsoleStore, HEADERS_KEY, TABS_KEY } from './console-store.ts';
import { DEFAULT_QUERY } from './default-query.ts';
import { tabTitle } from './tabs.ts';

class FakeStorage implements StorageLike {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  dump(): string {
    return [...this.map.values()].join('\n');
  }
}

function setup(remember = false) {
  const local = new FakeStorage();
  const session = new FakeStorage();
  const make = () =>
    createConsoleStore({
      local: storageBackend(local),
      session: storageBackend(session),
      remember: () => remember,
      debounceMs: 300,
    });
  return { local, session, make };
}

/** The tab at `i`; fails the test when there is none. */
function tabAt<T>(tabs: readonly T[], i: number): T {
  const tab = tabs[i];
  if (tab === undefined) throw new Error(`expected a tab at ${i}`);
  return tab;
}

describe('console store persistence', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts with one tab holding the default query', () => {
    const s = setup().make().getState();
    expect(s.tabs).toHaveLength(1);
    expect(tabAt(s.tabs, 0).query).toBe(DEFAULT_QUERY);
    expect(s.history).toEqual([]);
  });

  it('writes after the debounce, not on every keystroke, and a new store reads it back', () => {
    const env = setup();
    const store = env.make();
    const id = store.getState().activeId;
    store.updateTab(id, { query: 'query A { a }' });
    store.updateTab(id, { query: 'query AB { a b }', variables: '{"x":1}' });
    expect(env.local.map.size).toBe(0);
    vi.advanceTimersByTime(300);
    store.addTab({ query: 'query Second { b }' });
    store.renameTab(store.getState().activeId, '  Mine  ');
    store.flush();
    const again = env.make().getState();
    expect(again.tabs.map((t) => t.query)).toEqual(['query AB { a b }', 'query Second { b }']);
    expect(tabAt(again.tabs, 0).variables).toBe('{"x":1}');
    expect(again.activeId).toBe(store.getState().activeId);
    expect(tabTitle(tabAt(again.tabs, 1))).toBe('Mine');
    expect(tabTitle(tabAt(again.tabs, 0))).toBe('AB');
  });

  it('keeps header values out of localStorage unless the user opted in', () => {
    const env = setup(false);
    const store = env.make();
    store.updateTab(store.getState().activeId, { headers: '{"X-Secret":"s3cret"}' });
    store.flush();
    expect(env.local.dump()).not.toContain('s3cret');
    expect(env.session.dump()).toContain('s3cret');
    // A reload in the same browser tab keeps them (sessionStorage).
    expect(tabAt(env.make().getState().tabs, 0).headers).toBe('{"X-Secret":"s3cret"}');
  });

  it('keeps header values in localStorage when the user chose "Remember on this device"', () => {
    const env = setup(true);
    const store = env.make();
    store.updateTab(store.getState().activeId, { headers: '{"X-Secret":"s3cret"}' });
    store.flush();
    expect(env.local.map.get('debug-console:' + HEADERS_KEY)).toContain('s3cret');
  });

  it('records history without headers, newest first, without duplicates', () => {
    const env = setup();
    const store = env.make();
    store.updateTab(store.getState().activeId, { headers: '{"Authorization":"token abc"}' });
    store.recordRun({ at: 1, query: '{ a }', variables: '', status: 200 });
    store.recordRun({ at: 2, query: '{ b }', variables: '' });
    store.recordRun({ at: 3, query: '{ a }', variables: '' });
    store.flush();
    const h = env.make().getState().history;
    expect(h.map((e) => e.query)).toEqual(['{ a }', '{ b }']);
    expect(env.local.dump()).not.toContain('token abc');
  });

  it('survives corrupted storage', () => {
    const env = setup();
    env.local.setItem('debug-console:' + TABS_KEY, '{"tabs": [1, {"id": 3}, null');
    expect(tabAt(env.make().getState().tabs, 0).query).toBe(DEFAULT_QUERY);
    env.local.setItem(
      'debug-console:' + TABS_KEY,
      JSON.stringify({
        activeId: 'gone',
        tabs: [{ id: 'a', query: 'q' }, { id: 'a', query: 'r' }, 5],
      }),
    );
    const s = env.make().getState();
    expect(s.tabs.map((t) => t.query)).toEqual(['q', 'r']);
    expect(new Set(s.tabs.map((t) => t.id)).size).toBe(2);
    expect(s.activeId).toBe('a');
  });

  it('closing the last tab leaves a fresh one; closing the active tab selects a neighbour', () => {
    const store = setup().make();
    const first = store.getState().activeId;
    store.addTab({ query: '{ b }' });
    const second = store.getState().activeId;
    store.addTab({ query: '{ c }' });
    store.selectTab(second);
    store.closeTab(second);
    expect(store.getState().tabs.find((t) => t.id === store.getState().activeId)?.query).toBe(
      '{ c }',
    );
    store.closeTab(store.getState().activeId);
    expect(store.getState().activeId).toBe(first);
    store.closeTab(first);
    expect(store.getState().tabs).toHaveLength(1);
    expect(tabAt(store.getState().tabs, 0).id).not.toBe(first);
  });
});
