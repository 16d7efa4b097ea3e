import { DIAGNOSTICS } from '../../../shared/contracts/diagnostics.ts';
import type { OperationLocation, UpgradeOperation, UpgradeSources } from '../../docs/index.ts';
import { getSavedStore } from '../collections/saved-store.ts';
import type { ConsoleStore } from '../tabs/console-store.ts';
import { activeTab, tabTitle } from '../tabs/tabs.ts';

// Loaded with the Docs panel (workbench/docs-slot.tsx), the only one that uses it: the
// Diagnostics recipes' text stays out of the first load.

/** What the Docs' upgrade check is built over: the tabs store and the page's cursor. */
export interface UpgradeSourceDeps {
  store: ConsoleStore;
  /** Puts the query editor's cursor at `location` once tab `tabId` shows in it. */
  moveCursorIn(tabId: string, location: OperationLocation | undefined): void;
}

/**
 * The operations the upgrade check validates (every saved operation, Diagnostics recipe and open
 * tab, read when a check runs) and how one is opened: a tab is selected, a saved operation or
 * recipe opens in a new tab as from the Saved operations panel; then the cursor goes to the
 * failing place. Ids are `saved:`, `recipe:` or `tab:` and the item's own id (a recipe's name).
 */
export function createUpgradeSources({ store, moveCursorIn }: UpgradeSourceDeps): UpgradeSources {
  const saved = () =>
    getSavedStore()
      .getSnapshot()
      .state.collections.flatMap((c) => c.operations);
  return {
    operations: () => [
      ...saved().map((o): UpgradeOperation => ({
        source: 'saved',
        id: `saved:${o.id}`,
        name: o.name,
        query: o.query,
      })),
      ...DIAGNOSTICS.map((r): UpgradeOperation => ({
        source: 'recipe',
        id: `recipe:${r.name}`,
        name: r.name,
        query: r.query,
      })),
      ...store.getState().tabs.map((t): UpgradeOperation => ({
        source: 'tab',
        id: `tab:${t.id}`,
        name: tabTitle(t),
        query: t.query,
      })),
    ],
    onOpen(id, location) {
      const sep = id.indexOf(':');
      const kind = id.slice(0, sep);
      const key = id.slice(sep + 1);
      if (kind === 'tab') {
        if (!store.getState().tabs.some((t) => t.id === key)) return;
        store.selectTab(key);
      } else if (kind === 'saved') {
        const o = saved().find((x) => x.id === key);
        if (!o) return;
        const { name: title, query, variables, headers, operationName } = o;
        store.addTab({ title, query, variables, headers, operationName });
      } else if (kind === 'recipe') {
        const r = DIAGNOSTICS.find((x) => x.name === key);
        if (!r) return;
        store.addTab({ title: r.name, query: r.query, variables: r.variables ?? '' });
      } else return;
      moveCursorIn(activeTab(store.getState()).id, location);
    },
  };
}
