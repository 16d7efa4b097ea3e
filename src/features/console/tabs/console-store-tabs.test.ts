import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageBackend, type StorageLike } from './backend.ts';
import {
  createConsoleStore,
  HEADERS_KEY,
  HISTORY_KEY,
  SAVE_ERROR,
  TABS_KEY,
} from './console-store.ts';
import { HISTORY_MAX_CHARS, HISTORY_MAX_VARIABLES } from '../collections/history.ts';

class FakeStorage implements StorageLike {
  map = new Map<string, string>();
  full = false;
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    if (this.full) throw new DOMException('quota', 'QuotaExceededError');
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

/** One browser profile: shared localStorage; each browser tab has its own sessionStorage. */
function profile() {
  const local = new FakeStorage();
  let clock = 1_000;
  const browserTab = (remember = () => false) => {
    const session = new FakeStorage();
    const open = () =>
      createConsoleStore({
        local: storageBackend(local),
        session: storageBackend(session),
        remember,
        debounceMs: 300,
        now: () => (clock += 10),
      });
    return { session, open };
  };
  return { local, browserTab };
}

const queries = (s: ReturnType<typeof createConsoleStore>) => s.getState().tabs.map((t) => t.query);

/** The tab at `i`; fails the test when there is none. */
function tabAt<T>(tabs: readonly T[], i: number): T {
  const tab = tabs[i];
  if (tab === undefined) throw new Error(`expected a tab at ${i}`);
  return tab;
}

describe('two browser tabs of one profile', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a stale tab saving never deletes the tabs the other one created', () => {
    const p = profile();
    const a = p.browserTab().open();
    a.updateTab(a.getState().activeId, { query: 'query Shared { a }' });
    a.flush();
    const b = p.browserTab().open(); // opened now, stale from here on
    a.addTab({ query: 'query OnlyInA { x }' });
    a.flush();
    b.updateTab(b.getState().activeId, { query: 'query Shared { a b }' });
    b.flush(); // e.g. closing the stale browser tab (pagehide)
    const c = p.browserTab().open();
    expect(queries(c)).toEqual(['query Shared { a b }', 'query OnlyInA { x }']);
  });

  it("a stale tab does not revert the other's newer text, nor bring back a tab closed there", () => {
    const p = profile();
    const a = p.browserTab().open();
    a.addTab({ query: 'query Two { t }' });
    const two = a.getState().activeId;
    a.flush();
    const b = p.browserTab().open();
    a.updateTab(tabAt(a.getState().tabs, 0).id, { query: 'query One { newer }' });
    a.closeTab(two);
    a.flush();
    b.flush();
    expect(queries(p.browserTab().open())).toEqual(['query One { newer }']);
  });

  it('header values of the other tab stay in localStorage with Remember on', () => {
    const p = profile();
    const a = p.browserTab(() => true).open();
    a.updateTab(a.getState().activeId, { headers: '{"X-A":"1"}' });
    a.flush();
    const b = p.browserTab(() => true).open();
    b.addTab({ headers: '{"X-B":"2"}' });
    b.flush();
    a.flush();
    const stored = p.local.getItem('debug-console:' + HEADERS_KEY) ?? '';
    expect(stored).toContain('X-A');
    expect(stored).toContain('X-B');
  });

  it('history runs recorded in both tabs are kept; a Clear in one is not undone by the other', () => {
    const p = profile();
    const a = p.browserTab().open();
    const b = p.browserTab().open();
    a.recordRun({ at: 1, query: '{ a }', variables: '' });
    b.recordRun({ at: 2, query: '{ b }', variables: '' });
    a.flush();
    b.flush();
    expect(
      p
        .browserTab()
        .open()
        .getState()
        .history.map((h) => h.query),
    ).toEqual(['{ b }', '{ a }']);
    a.clearHistory();
    a.flush();
    b.flush();
    expect(p.browserTab().open().getState().history).toEqual([]);
  });
});

describe('a browser restart (new sessionStorage)', () => {
  it('opens the tab that was active in the browser tab that saved last', () => {
    const p = profile();
    const a = p.browserTab().open();
    a.addTab({ query: 'query Second { b }' });
    a.addTab({ query: 'query Third { c }' });
    a.selectTab(tabAt(a.getState().tabs, 1).id);
    a.flush();
    const again = p.browserTab().open().getState();
    expect(again.activeId).toBe(tabAt(a.getState().tabs, 1).id);
  });
});

describe('loss is never silent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a failed save is reported, and cleared once a save succeeds again', () => {
    const p = profile();
    const a = p.browserTab().open();
    p.local.full = true;
    a.updateTab(a.getState().activeId, { query: 'query Lost { x }' });
    vi.advanceTimersByTime(300);
    expect(a.getState().saveError).toMatch(/could not be saved.*full, or disabled/);
    expect(a.getState().saveError).toBe(SAVE_ERROR);
    p.local.full = false;
    a.updateTab(a.getState().activeId, { query: 'query Kept { x }' });
    vi.advanceTimersByTime(300);
    expect(a.getState().saveError).toBeUndefined();
    expect(queries(p.browserTab().open())).toEqual(['query Kept { x }']);
  });

  it('history does not keep huge variables, and stays bounded in size', () => {
    const p = profile();
    const a = p.browserTab().open();
    const big = JSON.stringify({ blob: 'x'.repeat(HISTORY_MAX_VARIABLES + 1) });
    a.recordRun({ at: 1, query: '{ big }', variables: big });
    for (let i = 0; i < 40; i++)
      a.recordRun({ at: 2 + i, query: `{ q${i} ${'y'.repeat(90_000)} }`, variables: '' });
    a.flush();
    const raw = p.local.getItem('debug-console:' + HISTORY_KEY) ?? '';
    expect(raw.length).toBeLessThan(HISTORY_MAX_CHARS + 1000);
    expect(raw).not.toContain('xxxxxxxxxx');
    const h = p.browserTab().open().getState().history;
    expect(h.length).toBeGreaterThan(5);
    expect(h[0]?.query).toContain('q39');
  });

  it('stored values of the wrong type are dropped, the valid rest kept', () => {
    const p = profile();
    const t = p.browserTab();
    p.local.setItem(
      'debug-console:' + TABS_KEY,
      JSON.stringify({
        version: 2,
        tabs: { a: { query: 'query Ok { a }', title: 5 }, b: { query: 7 } },
        closed: 'x',
      }),
    );
    p.local.setItem('debug-console:' + HEADERS_KEY, JSON.stringify({ a: 42 }));
    t.session.setItem('debug-console:' + HEADERS_KEY, JSON.stringify({ a: { no: 1 } }));
    p.local.setItem(
      'debug-console:' + HISTORY_KEY,
      JSON.stringify({ entries: [{ id: 1 }, { id: 'h', at: 1, query: '{ h }' }] }),
    );
    const s = t.open().getState();
    expect(s.tabs.map((x) => [x.query, x.title, x.headers])).toEqual([['query Ok { a }', '', '']]);
    expect(s.history.map((h) => h.query)).toEqual(['{ h }']);
  });
});

describe('reopening closed tabs', () => {
  it('brings back the last closed tab with its text, at its place, also after the last tab', () => {
    const p = profile();
    const a = p.browserTab().open();
    const first = a.getState().activeId;
    a.updateTab(first, { query: 'query First { a }', headers: '{"X":"1"}' });
    a.addTab({ query: 'query Second { b }' });
    a.closeTab(first);
    expect(a.getState().closedCount).toBe(1);
    a.reopenClosedTab();
    expect(queries(a)).toEqual(['query First { a }', 'query Second { b }']);
    expect(tabAt(a.getState().tabs, 0).headers).toBe('{"X":"1"}');
    expect(a.getState().activeId).toBe(first);
    // Closing every tab leaves a fresh one; reopening replaces it.
    a.closeTab(tabAt(a.getState().tabs, 1).id);
    a.closeTab(first);
    a.reopenClosedTab();
    expect(queries(a)).toEqual(['query First { a }']);
    a.reopenClosedTab();
    expect(queries(a)).toEqual(['query First { a }', 'query Second { b }']);
    a.flush();
    expect(queries(p.browserTab().open())).toEqual(['query First { a }', 'query Second { b }']);
  });
});
