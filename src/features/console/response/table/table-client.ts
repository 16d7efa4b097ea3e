import type { Text } from '@codemirror/state';
import { createRpcClient } from '../../../../shared/lib/worker-rpc.ts';
import type { SortSpec } from './sort-rows.ts';
import type { ParseResult, RowSlice, TableApi, TableInfo } from './table-protocol.ts';

const worker = createRpcClient<TableApi>(
  () => new Worker(new URL('./table.worker.ts', import.meta.url), { type: 'module' }),
  'The table worker',
);

/**
 * Characters per piece of text handed to the worker: each piece is one short task here (a slice
 * of the document and its copy into the message, a few ms), with the worker's answer in between,
 * so a 68 M character response never holds the main thread.
 */
const PIECE = 1 << 18;

/** One response held by the table worker. Its calls fail once another response took its place. */
export interface TableSession {
  lists: ParseResult;
  show(list: number): Promise<TableInfo>;
  sort(spec: SortSpec | null): Promise<void>;
  rows(start: number, end: number): Promise<RowSlice>;
  csv(): Promise<Blob>;
}

interface Held {
  doc: Text;
  session: Promise<TableSession>;
}

let held: Held | undefined;

class Replaced extends Error {
  constructor() {
    super('Another response took this one’s place.');
    this.name = 'AbortError';
  }
}

async function load(doc: Text, me: Held): Promise<TableSession> {
  const current = () => held === me;
  await worker.call('begin', null);
  for (let from = 0; from < doc.length; from += PIECE) {
    if (!current()) throw new Replaced();
    await worker.call('append', doc.sliceString(from, Math.min(doc.length, from + PIECE)));
  }
  if (!current()) throw new Replaced();
  const lists = await worker.call('parse', null);
  const checked = <T>(call: () => Promise<T>): Promise<T> =>
    current() ? call() : Promise.reject(new Replaced());
  return {
    lists,
    show: (list) => checked(() => worker.call('show', list)),
    sort: (spec) => checked(() => worker.call('sort', spec).then(() => undefined)),
    rows: (start, end) => checked(() => worker.call('rows', { start, end })),
    csv: () => checked(() => worker.call('csv', null)),
  };
}

/**
 * Hands a settled response's text to the table worker (once per document: opening the Table
 * again reuses it) and resolves with what it found.
 */
export function openTable(doc: Text): Promise<TableSession> {
  if (held?.doc === doc) return held.session;
  const me = { doc } as Held;
  held = me;
  me.session = load(doc, me);
  me.session.catch(() => {
    if (held === me) held = undefined;
  });
  return me.session;
}

/** Lets the worker drop `doc` (if it still holds it): the table showing it is gone. */
export function closeTable(doc: Text): void {
  if (held?.doc !== doc) return;
  held = undefined;
  void worker.call('release', null).catch(() => undefined);
}

export function isReplaced(err: unknown): boolean {
  return err instanceof Replaced;
}
