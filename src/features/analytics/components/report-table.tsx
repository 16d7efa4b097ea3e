import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import type { SortSpec, ViewSpec } from '../lib/csv-store.ts';
import { isQuantity } from '../lib/column-roles.ts';
import { formatRows } from '../lib/report-errors.ts';
import { ReportRows } from './report-rows.tsx';
import { ReportTableHead } from './report-table-head.tsx';

const ROW_HEIGHT = 28;
/** Above this many rows, the virtualizer's row count follows a stream at most once a second. */
const STEADY_ABOVE = 50_000;

/**
 * The virtualizer lays out all `count` rows whenever the count changes (linear work), so while a
 * big report streams in, the count it sees is updated once a second instead of on every progress.
 */
function useSteadyCount(count: number, streaming: boolean): number {
  const [steady, setSteady] = useState(count);
  const latest = useRef(count);
  const big = streaming && count > STEADY_ABOVE;
  const behind = count !== steady;
  useEffect(() => {
    latest.current = count;
  }, [count]);
  useEffect(() => {
    if (!big || !behind) return;
    const t = setTimeout(() => setSteady(latest.current), 1000);
    return () => clearTimeout(t);
  }, [big, behind, steady]);
  if (!big && steady !== count) setSteady(count);
  return big ? steady : count;
}

interface Props {
  state: ReportState;
  requestWindow(start: number, count: number): void;
  setView(spec: ViewSpec): void;
}

/**
 * The "Report preview" table: a real <table>, virtualized (only the visible rows exist in the DOM
 * and on the main thread), sticky header, row numbers, sort and filters evaluated in the worker.
 * Cells are rendered as text, so hostile values stay inert.
 */
export function ReportTable({ state, requestWindow, setView }: Props) {
  const { header, types, viewLength, rows: total } = state.progress;
  const scrollRef = useRef<HTMLDivElement>(null);
  const [sort, setSort] = useState<SortSpec>();
  const [filters, setFilters] = useState<Record<number, string>>({});
  const [global, setGlobal] = useState('');
  const headerKey = header?.join('\u0000') ?? '';
  const [prevHeaderKey, setPrevHeaderKey] = useState(headerKey);
  if (headerKey !== prevHeaderKey) {
    // A new report: its columns differ, so the old sort and filters no longer apply.
    setPrevHeaderKey(headerKey);
    setSort(undefined);
    setFilters({});
    setGlobal('');
  }

  useEffect(() => {
    const t = setTimeout(() => setView({ sort, filters, global }), 150);
    return () => clearTimeout(t);
  }, [sort, filters, global, setView, state.loadId]);

  const count = useSteadyCount(viewLength, state.phase === 'streaming');
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= first) requestWindow(first, last - first + 1);
  }, [first, last, state.viewVersion, requestWindow]);

  if (!header) return null;
  const win = state.window;
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const filtered = viewLength !== total;
  const quantity = header.map((_, c) => isQuantity(state.progress.columns[c]));

  return (
    <section className="an-table-section" aria-label="Report rows">
      <div className="an-row">
        <input
          type="search"
          aria-label="Filter all columns"
          placeholder="Filter all columns…"
          value={global}
          onChange={(e) => setGlobal(e.target.value)}
        />
        <span className="an-hint" role="status">
          {formatRows(total)}
          {filtered && ` · ${formatRows(viewLength)} match the filters`}
        </span>
      </div>
      <div className="an-scroll" ref={scrollRef} tabIndex={0} aria-label="Report preview rows">
        <table className="an-table" aria-label="Report preview" aria-rowcount={viewLength + 1}>
          <colgroup>
            <col className="an-col-rownum" />
            {header.map((h, c) => (
              <col key={h + c} className={types[c] === 'text' ? 'an-col-text' : 'an-col-num'} />
            ))}
          </colgroup>
          <ReportTableHead
            header={header}
            types={types}
            quantity={quantity}
            sort={sort}
            filters={filters}
            onSort={setSort}
            onFilter={(c, v) => setFilters((f) => ({ ...f, [c]: v }))}
          />
          <tbody>
            {padTop > 0 && <tr aria-hidden="true" style={{ height: padTop }} />}
            <ReportRows first={first} last={last} win={win} header={header} quantity={quantity} />
            {padBottom > 0 && <tr aria-hidden="true" style={{ height: padBottom }} />}
          </tbody>
        </table>
      </div>
    </section>
  );
}
