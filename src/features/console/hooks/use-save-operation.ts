import { useState } from 'react';
import type { SaveRequest } from '../components/save-dialog.tsx';
import { redactHeaderValues } from '../saved/redact-headers.ts';
import { saveOperation } from '../saved/collections.ts';
import { getSavedStore } from '../saved/saved-store.ts';
import type { ConsoleTab } from '../state/tabs.ts';

/** Saving the current tab: the dialog's open state, the save itself and its feedback. */
export function useSaveOperation(texts: () => Pick<ConsoleTab, 'query' | 'variables' | 'headers'>) {
  const [dialogOpen, setDialogOpen] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();

  return {
    dialogOpen,
    notice,
    open() {
      setNotice(undefined);
      setDialogOpen(true);
    },
    close: () => setDialogOpen(false),
    save(tab: ConsoleTab, r: SaveRequest) {
      const text = texts();
      try {
        getSavedStore().update((s) =>
          saveOperation(s, {
            collection: r.collection,
            name: r.name,
            query: text.query,
            variables: text.variables,
            headers: r.keepHeaderValues ? text.headers : redactHeaderValues(text.headers),
            operationName: tab.operationName,
            now: Date.now(),
          }),
        );
        setNotice({ tone: 'info', text: `Saved “${r.name}” in “${r.collection}”.` });
      } catch (e) {
        setNotice({ tone: 'error', text: `Not saved: ${(e as Error).message}.` });
      }
      setDialogOpen(false);
    },
  };
}
