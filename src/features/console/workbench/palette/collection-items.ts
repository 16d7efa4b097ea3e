import { DIAGNOSTICS } from '../../../../shared/contracts/diagnostics.ts';
import { historyLabel } from '../../collections/history-panel.tsx';
import type { OpenRequest } from '../../collections/saved-panel.tsx';
import type { Collection } from '../../collections/collections.ts';
import type { HistoryEntry } from '../../collections/history.ts';
import type { PaletteItem } from './palette-item.ts';

/** Opens a request in a new tab, as the Saved operations and History panels do. */
type Open = (request: OpenRequest) => void;

/** The user's saved operations, each named after itself, its collection as the detail. */
export function savedItems(collections: readonly Collection[], open: Open): PaletteItem[] {
  return collections.flatMap((c) =>
    c.operations.map((o) => ({
      id: `saved:${o.id}`,
      kind: 'saved' as const,
      title: o.name,
      detail: c.name,
      keywords: o.operationName,
      run: () =>
        open({
          title: o.name,
          query: o.query,
          variables: o.variables,
          headers: o.headers,
          operationName: o.operationName,
        }),
    })),
  );
}

/** The built-in Diagnostics recipes; their description is shown and searched. */
export function recipeItems(open: Open): PaletteItem[] {
  return DIAGNOSTICS.map((r) => ({
    id: `diagnostics:${r.name}`,
    kind: 'diagnostics',
    title: r.name,
    detail: r.description,
    keywords: r.description,
    run: () => open({ title: r.name, query: r.query, variables: r.variables ?? '' }),
  }));
}

/** Past runs, newest first, named as the History panel names them, with when they ran. */
export function historyItems(entries: readonly HistoryEntry[], open: Open): PaletteItem[] {
  return entries.map((h) => ({
    id: `history:${h.id}`,
    kind: 'history',
    title: historyLabel(h),
    detail: new Date(h.at).toLocaleString(),
    run: () =>
      open({ title: '', query: h.query, variables: h.variables, operationName: h.operationName }),
  }));
}
