import { tabTitle, type ConsoleTab } from './tabs.ts';

/** What the tab bar shows of a tab. */
export interface TabLabel {
  id: string;
  /** The user's title; empty means the label is derived from the query. */
  title: string;
  /** The title shown (`tabTitle`). */
  label: string;
}

function sameLabel(a: TabLabel | undefined, b: TabLabel): boolean {
  return a !== undefined && a.id === b.id && a.title === b.title && a.label === b.label;
}

/**
 * The tab bar's labels of a tab list, for a store selector: it runs on every change of the tabs
 * (each keystroke), so a tab object seen before is not read again, and while every label stays
 * as it was the previous array is returned (the tab bar does not re-render for a keystroke that
 * leaves the titles alone).
 */
export function createTabLabels(): (tabs: readonly ConsoleTab[]) => TabLabel[] {
  const byTab = new WeakMap<ConsoleTab, TabLabel>();
  let last: TabLabel[] = [];
  return (tabs) => {
    const next = tabs.map((tab) => {
      let label = byTab.get(tab);
      if (!label) {
        label = { id: tab.id, title: tab.title, label: tabTitle(tab) };
        byTab.set(tab, label);
      }
      return label;
    });
    if (next.length !== last.length || next.some((l, i) => !sameLabel(last[i], l))) last = next;
    return last;
  };
}
