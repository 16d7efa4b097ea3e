import { describe, expect, it } from 'vitest';
import { DEFAULT_QUERY } from './default-query.ts';
import {
  createTab,
  cycleTab,
  initialTabsState,
  isPristineTab,
  renameTab,
  tabTitle,
  updateTab,
} from './tabs.ts';

describe('tabs', () => {
  it('titles: user title, else picked operation, else first operation name, else Untitled', () => {
    expect(tabTitle(createTab())).toBe('Untitled');
    expect(tabTitle(createTab({ query: '# c\nquery Repos { a }\nquery B { b }' }))).toBe('Repos');
    expect(tabTitle(createTab({ query: 'query Repos { a }', operationName: 'B' }))).toBe('B');
    expect(tabTitle(createTab({ query: 'query Repos { a }', title: ' Mine ' }))).toBe('Mine');
  });

  it('knows an untouched tab', () => {
    expect(isPristineTab(createTab())).toBe(true);
    expect(isPristineTab(createTab({ query: '  ' }))).toBe(true);
    expect(isPristineTab(createTab({ query: DEFAULT_QUERY, variables: '{"a":1}' }))).toBe(false);
    expect(isPristineTab(createTab({ query: '{ a }' }))).toBe(false);
  });

  it('cycles with wrap-around and returns the same state when nothing changes', () => {
    let s = initialTabsState();
    const a = s.activeId;
    s = { tabs: [...s.tabs, createTab({}, 'b')], activeId: a };
    expect(cycleTab(s, 1).activeId).toBe('b');
    expect(cycleTab(s, -1).activeId).toBe('b');
    expect(updateTab(s, a, { query: s.tabs[0]?.query })).toBe(s);
    expect(renameTab(s, 'b', 'x'.repeat(200)).tabs[1]?.title).toHaveLength(80);
  });
});
