import { describe, expect, it } from 'vitest';
import { createTabLabels } from './tab-labels.ts';
import { createTab, updateTab, type TabsState } from './tabs.ts';

function twoTabs(): TabsState {
  const a = createTab({ query: '{ a }' }, 'a');
  const b = createTab({ query: 'query Second { b }' }, 'b');
  return { tabs: [a, b], activeId: 'a' };
}

describe('createTabLabels', () => {
  it('labels each tab by its title, else its first operation name, else Untitled', () => {
    const labels = createTabLabels();
    const s = updateTab(twoTabs(), 'a', { title: 'Mine' });
    expect(labels(s.tabs)).toEqual([
      { id: 'a', title: 'Mine', label: 'Mine' },
      { id: 'b', title: '', label: 'Second' },
    ]);
  });

  it('returns the same array while an edit leaves every label as it was', () => {
    const labels = createTabLabels();
    const s0 = twoTabs();
    const first = labels(s0.tabs);
    const s1 = updateTab(s0, 'a', { query: '{ a b }' });
    expect(s1.tabs).not.toBe(s0.tabs);
    expect(labels(s1.tabs)).toBe(first);
  });

  it('gives a new array when a label follows the operation name typed', () => {
    const labels = createTabLabels();
    const s0 = twoTabs();
    const first = labels(s0.tabs);
    const s1 = updateTab(s0, 'a', { query: 'query Named { a }' });
    const next = labels(s1.tabs);
    expect(next).not.toBe(first);
    expect(next.map((l) => l.label)).toEqual(['Named', 'Second']);
  });

  it('gives a new array when tabs are added, closed or reordered', () => {
    const labels = createTabLabels();
    const s0 = twoTabs();
    const first = labels(s0.tabs);
    const reversed = labels([...s0.tabs].reverse());
    expect(reversed).not.toBe(first);
    expect(reversed.map((l) => l.id)).toEqual(['b', 'a']);
    expect(labels(s0.tabs.slice(0, 1)).map((l) => l.id)).toEqual(['a']);
  });
});
