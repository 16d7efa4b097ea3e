import { useState } from 'react';
import type { SaveRequest } from './save-dialog.tsx';
import { redactHeaderValues } from './redact-headers.ts';
import { saveOperation } from './collections.ts';
import { getSavedStore } from './saved-store.ts';
import { activeTab, tabTitle, type ConsoleTab } from '../tabs/tabs.ts';
import { getConsoleStore } from '../tabs/use-console-store.ts';

/** What the open Save dialog starts from: the tab as it was when the dialog opened. */
export interface SaveDialogStart {
  /** The tab's title ('' for Untitled). */
  defaultName: string;
  /** The tab has header text: offer to keep its values. */
  hasHeaders: boolean;
}

/**
 * Saving the current tab: the dialog (open while `dialog` is set), the save itself and its
 * feedback. The tab is read when the dialog opens and when it saves, from the editors (`texts`)
 * and the tabs store, so the page need not re-render with the text.
 */
export function useSaveOperation(texts: () => Pick<ConsoleTab, 'query' | 'variables' | 'headers'>) {
  const [dialog, setDialog] = useState<SaveDialogStart>();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();

  return {
    dialog,
    notice,
    open() {
      const title = tabTitle(activeTab(getConsoleStore().getState()));
      setNotice(undefined);
      setDialog({
        defaultName: title === 'Untitled' ? '' : title,
        hasHeaders: texts().headers.trim() !== '',
      });
    },
    close: () => setDialog(undefined),
    save(r: SaveRequest) {
      const text = texts();
      try {
        getSavedStore().update((s) =>
          saveOperation(s, {
            collection: r.collection,
            name: r.name,
            query: text.query,
            variables: text.variables,
            headers: r.keepHeaderValues ? text.headers : redactHeaderValues(text.headers),
            operationName: activeTab(getConsoleStore().getState()).operationName,
            now: Date.now(),
          }),
        );
        setNotice({ tone: 'info', text: `Saved “${r.name}” in “${r.collection}”.` });
      } catch (e) {
        setNotice({ tone: 'error', text: `Not saved: ${(e as Error).message}.` });
      }
      setDialog(undefined);
    },
  };
}
