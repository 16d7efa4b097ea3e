import { DIAGNOSTICS } from '../../../shared/contracts/diagnostics.ts';
import type { OperationLocation, UpgradeOperation, UpgradeSources } from '../../docs/index.ts';
import { getSavedStore } from '../collections/saved-store.ts';
import { moveCursor } from '../editor/editor-handle.ts';
import type { BridgeSources } from '../query-bridge.ts';
import { getConsoleStore } from '../tabs/use-console-store.ts';
import { tabTitle } from '../tabs/tabs.ts';

// Loaded with the Docs panel (workbench/docs-slot.tsx), the only one that uses it: the
// Diagnostics recipes' text and this code stay out of the first load.

/** Frames to wait for the query editor of a tab just opened (it mounts in the next commit). */
const FRAMES = 60;

/**
 * Puts the cursor at `at` in the query editor once it shows the tab asked for: at once for the
 * tab already shown, else once the editor is another than `before` (each tab's editor is its
 * own component, created in the commit that shows it).
 */
function placeCursor(
  query: BridgeSources['query'],
  before: ReturnType<BridgeSources['query']> | undefined,
  at: OperationLocation | undefined,
  frames = FRAMES,
): void {
  requestAnimationFrame(() => {
    const h = query();
    if (h?.view && h !== before) return moveCursor(h, at?.line ?? 1, at?.column ?? 1);
    if (frames > 0) placeCursor(query, before, at, frames - 1);
  });
}

/**
 * The operations the upgrade check validates (every saved operation, Diagnostics recipe and open
 * tab, read when a check runs) and how one is opened: a tab is selected, a saved operation or
 * recipe opens in a new tab as from the Saved operations panel; then the cursor goes to the
 * failing place. Ids are `saved:`, `recipe:` or `tab:` and the item's own id (a recipe's name).
 */
export function createUpgradeSources({ query }: Pick<BridgeSources, 'query'>): UpgradeSources {
  const store = getConsoleStore();
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
      const state = store.getState();
      // The editor to wait to be replaced: none when the tab asked for is already shown.
      let before: ReturnType<typeof query> | undefined = query();
      if (kind === 'tab') {
        if (!state.tabs.some((t) => t.id === key)) return;
        if (state.activeId === key) before = undefined;
        else store.selectTab(key);
      } else if (kind === 'saved') {
        const o = saved().find((x) => x.id === key);
        if (!o) return;
        const { name: title, query: text, variables, headers, operationName } = o;
        store.addTab({ title, query: text, variables, headers, operationName });
      } else if (kind === 'recipe') {
        const r = DIAGNOSTICS.find((x) => x.name === key);
        if (!r) return;
        store.addTab({ title: r.name, query: r.query, variables: r.variables ?? '' });
      } else return;
      placeCursor(query, before, location);
    },
  };
}
