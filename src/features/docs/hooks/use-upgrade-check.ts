import { useCallback, useEffect } from 'react';
import { createStore, useStore } from '../../../shared/lib/store.ts';
import type { UpgradeOperation } from '../upgrade-props.ts';
import { docsWorker } from '../workers/docs-client.ts';
import type { UpgradeResult } from '../workers/protocol.ts';

/** The upgrade check's state: kept while the page lives, across closing and opening Docs. */
interface UpgradeState {
  /** The schema file compared with, once read. */
  file?: string;
  /** Counts the files read (a file read again under the same name is checked again). */
  fileReads: number;
  readingFile: boolean;
  fileError?: string;
  checking: boolean;
  result?: UpgradeResult;
  error?: string;
}

const state = createStore<UpgradeState>({ fileReads: 0, readingFile: false, checking: false });
const patch = (p: Partial<UpgradeState>) => state.set((s) => ({ ...s, ...p }));
/** Each check's number: an answer to an older one is dropped. */
let latest = 0;

async function check(operations: readonly UpgradeOperation[], schemaJson: Blob): Promise<void> {
  const id = ++latest;
  patch({ checking: true, error: undefined });
  try {
    const result = await docsWorker.call('upgradeCheck', { operations, schemaJson });
    if (id === latest) patch({ checking: false, result });
  } catch (err) {
    if (id === latest) patch({ checking: false, error: (err as Error).message });
  }
}

/** Reads a schema file in the Docs worker; the next check runs against it. */
async function readFile(file: File): Promise<void> {
  patch({ readingFile: true, fileError: undefined });
  try {
    const body = await file.arrayBuffer();
    const { name } = await docsWorker.call(
      'compareFile',
      { name: file.name, body },
      { transfer: [body] },
    );
    state.set((s) => ({
      ...s,
      readingFile: false,
      file: name,
      fileReads: s.fileReads + 1,
      result: undefined,
    }));
  } catch (err) {
    patch({ readingFile: false, fileError: (err as Error).message });
  }
}

function forgetFile(): void {
  patch({ file: undefined, fileError: undefined, result: undefined });
  docsWorker.call('forgetComparedFile', null).catch(() => {});
}

/**
 * The upgrade check for the Docs' current schema (`schemaJson`, its introspection response):
 * runs when shown, when the schema or the compared file changes, and on `recheck`;
 * `operations` is read each time.
 */
export function useUpgradeCheck(
  operations: () => readonly UpgradeOperation[],
  schemaJson: Blob | undefined,
) {
  const s = useStore(state);
  const recheck = useCallback(() => {
    if (schemaJson) void check(operations(), schemaJson);
  }, [operations, schemaJson]);
  useEffect(recheck, [s.file, s.fileReads, recheck]);
  return { ...s, recheck, loadFile: readFile, forgetFile };
}
