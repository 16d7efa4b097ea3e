import {
  collectionFileName,
  exportCollection,
  importCollection,
  MAX_COLLECTION_FILE_BYTES,
  parseCollectionFile,
} from './collection-file.ts';
import { deleteCollection, deleteOperation, renameOperation } from './collections.ts';
import { getSavedStore } from './saved-store.ts';
import { saveBlob } from '../../../shared/lib/save-blob.ts';

export interface Feedback {
  tone: 'info' | 'error';
  text: string;
}

/** What the Saved operations panel does: rename, delete, export and import. */
export function savedActions() {
  const store = getSavedStore();
  return {
    rename: (id: string, name: string) => store.update((s) => renameOperation(s, id, name)),
    remove: (id: string) => store.update((s) => deleteOperation(s, id)),
    removeCollection: (name: string) => store.update((s) => deleteCollection(s, name)),
    exportCollection(name: string, includeHeaderValues: boolean): void {
      const c = store.getSnapshot().state.collections.find((x) => x.name === name);
      if (c)
        saveBlob(
          new Blob([exportCollection(c, { includeHeaderValues })], { type: 'application/json' }),
          collectionFileName(name),
        );
    },
    async importFile(file: File): Promise<Feedback> {
      if (file.size > MAX_COLLECTION_FILE_BYTES)
        return {
          tone: 'error',
          text: `“${file.name}” is too large (${(file.size / 1024 / 1024).toFixed(1)} MB; at most 5 MB). Is it a collection file?`,
        };
      const parsed = parseCollectionFile(await file.text());
      if (!parsed.ok)
        return { tone: 'error', text: `Could not import “${file.name}”: ${parsed.error}` };
      let summary = { collection: '', added: 0, renamed: 0 };
      store.update((s) => {
        const r = importCollection(s, parsed.value, Date.now());
        summary = r;
        return r.state;
      });
      const renamed =
        summary.renamed > 0
          ? ` ${summary.renamed} renamed with “(imported)” so that none of yours was replaced.`
          : '';
      return {
        tone: 'info',
        text: `Imported ${summary.added} operation${summary.added === 1 ? '' : 's'} into “${summary.collection}”.${renamed}`,
      };
    },
  };
}
