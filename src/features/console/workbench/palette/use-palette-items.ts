import { useMemo } from 'react';
import { switchProfile, useProfiles } from '../../../connection/index.ts';
import { useSchema } from '../../../schema/index.ts';
import type { BrowsableSchema } from '../../../schema/index.ts';
import type { CommandTarget } from '../../commands/command-table.ts';
import type { OpenRequest } from '../../collections/saved-panel.tsx';
import { useConsoleSelector } from '../../tabs/use-console-store.ts';
import { useSavedOperations } from '../../collections/use-saved-operations.ts';
import { showInDocs } from '../docs-view.ts';
import { historyItems, recipeItems, savedItems } from './collection-items.ts';
import { commandItems } from './command-items.ts';
import { docsItems } from './docs-items.ts';
import type { PaletteItem } from './palette-item.ts';
import { profileItems } from './profile-items.ts';

/** A schema's Docs items, made once per schema: a large one has tens of thousands. */
const docsCache = new WeakMap<BrowsableSchema, PaletteItem[]>();

function docsOf(schema: BrowsableSchema | undefined): PaletteItem[] {
  if (!schema) return [];
  let items = docsCache.get(schema);
  if (!items) {
    items = docsItems(schema, showInDocs);
    docsCache.set(schema, items);
  }
  return items;
}

/**
 * Everything the palette lists, from where each lives: the command table (for `target`), the
 * saved operations store, the tabs store's history, the schema Docs browse and the connection
 * profiles. `open` puts an operation in a new tab (the page's, as the Saved operations panel's).
 */
export function usePaletteItems(
  target: CommandTarget,
  open: (request: OpenRequest) => void,
): PaletteItem[] {
  const saved = useSavedOperations().state.collections;
  const history = useConsoleSelector((s) => s.history);
  const types = useSchema().types;
  const profiles = useProfiles();
  return useMemo(
    () => [
      ...commandItems(target),
      ...savedItems(saved, open),
      ...recipeItems(open),
      ...historyItems(history, open),
      ...docsOf(types),
      ...profileItems(profiles, switchProfile),
    ],
    [target, saved, history, types, profiles, open],
  );
}
