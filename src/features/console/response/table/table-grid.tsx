import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { CellKind } from './cell-text.ts';
import type { SortSpec } from './sort-rows.ts';
import { TableHead } from './table-head.tsx';
import type { TableInfo } from './table-protocol.ts';
import type { TableSession } from './table-client.ts';
import { useRowPages } from './use-row-pages.ts';

/** Every row is this tall (`.rt-table td`), so any row's place is known without measuring. */
const ROW_HEIGHT = 24;
/** Rows drawn beyond each edge of the screen (covers the sticky header's height too). */
const OVERSCAN = 12;
/** Characters of a column's width beyond its text: the cell's padding (1ch each side) and border. */
const PAD_CH = 3;

const KIND_CLASS: Record<number, string | undefined> = {
  [CellKind.null]: 'rt-null',
  [CellKind.missing]: 'rt-missing',
  [CellKind.list]: 'rt-list',
};

interface Props {
  session: TableSession;
  info: TableInfo;
  version: number;
  sort: SortSpec | undefined;
  onSort(sort: SortSpec | undefined): void;
}

/**
 * The rows as a real <table>, windowed: only the rows near the screen exist in the DOM (and on
 * the main thread, fetched from the worker by page), with spacer rows holding the others' place;
 * `aria-rowcount` / `aria-rowindex` tell assistive technology where a row is. Cells are text, so
 * hostile values stay inert; a long one is cut with an ellipsis and shown whole in its tooltip.
 */
export function TableGrid({ session, info, version, sort, onSort }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const v = useVirtualizer({
    count: info.rowCount,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  const items = v.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  const rowAt = useRowPages(session, version, info.columns.length, first, last);
  const before = items[0]?.start ?? 0;
  const after = v.getTotalSize() - (items.at(-1)?.end ?? 0);
  const width = info.columns.reduce((sum, c) => sum + c.width + PAD_CH, 0);
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden="true" className="rt-spacer">
        <td colSpan={info.columns.length} style={{ height }} />
      </tr>
    );

  return (
    <div
      className="rt-scroll"
      ref={scroller}
      tabIndex={0}
      aria-label="Table rows (scroll with the arrow and page keys)"
    >
      <table
        className="rt-table"
        aria-label="Response table"
        aria-rowcount={info.rowCount + 1}
        style={{ width: `${width}ch` }}
      >
        <colgroup>
          {info.columns.map((c, i) => (
            <col key={i} style={{ width: `${c.width + PAD_CH}ch` }} />
          ))}
        </colgroup>
        <TableHead columns={info.columns} sort={sort} onSort={onSort} />
        <tbody>
          {spacer(before)}
          {items.map((item) => {
            const row = rowAt(item.index);
            return (
              <tr key={item.index} aria-rowindex={item.index + 2}>
                {info.columns.map((c, i) => {
                  const text = row?.texts[i] ?? '';
                  const kind = KIND_CLASS[row?.kinds[i] ?? -1];
                  const cls = [c.numeric ? 'rt-num' : '', kind ?? ''].join(' ').trim();
                  return (
                    <td
                      key={i}
                      className={cls || undefined}
                      title={
                        kind === 'rt-missing'
                          ? 'Not in this row'
                          : text.length > c.width
                            ? text
                            : undefined
                      }
                    >
                      {text}
                    </td>
                  );
                })}
              </tr>
            );
          })}
          {spacer(after)}
        </tbody>
      </table>
    </div>
  );
}
