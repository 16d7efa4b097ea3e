import { useCallback, useEffect, useMemo } from 'react';
import type { ReportState } from '../hooks/use-report.ts';
import { useScaledScroll } from '../hooks/use-scaled-scroll.ts';
import type { SortSpec, ViewSpec } from '../lib/csv-store.ts';
import type { TableView } from '../lib/saved-view.ts';
import { isQuantity } from '../lib/column-roles.ts';
import { formatRows } from '../lib/report-errors.ts';
import { layoutHeight, rowSpan } from '../lib/scroll-map.ts';
import { ReportRows } from './report-rows.tsx';
import { ReportTableHead } from './report-table-head.tsx';

/** Every row is this tall (`.an-tr`), so any row's place is known without measuring. */
const ROW_HEIGHT = 28;
/** The rows' scroller (`.an-scroll`), border included. */
const SCROLLER_HEIGHT = 460;
/** Its rows' height until measured: less its border and a header at least a row tall. */
const VIEWPORT_ESTIMATE = SCROLLER_HEIGHT - 2 - ROW_HEIGHT;
/** Rows drawn beyond each edge (once built). */
const OVERSCAN = 6;
/**
 * A report's table is built over frames (`analytics-page.tsx` counts them into `built`): first
 * the header and the scroller, whose first layout measures the viewport; once the first rows are
 * in, the top half of the visible rows, the rest of them, and the rows beyond the edges (each a
 * few hundred cells to lay out and paint).
 */
export const TABLE_BUILD_STEPS = 3;
const count = new Intl.NumberFormat('en-US');

interface Props {
  state: ReportState;
  requestWindow(start: number, count: number): void;
  setView(spec: ViewSpec): void;
  /** Sort and filters by column name (the page keeps them: a saved view holds them). */
  view: TableView;
  onView(update: (view: TableView) => TableView): void;
  /** How many of the `TABLE_BUILD_STEPS` have been taken. */
  built: number;
}

/**
 * The "Report preview" table: a real <table>, windowed (only the visible rows exist in the DOM
 * and on the main thread) with scaled scrolling, so millions of rows stay reachable beyond the
 * browser's height cap (`hooks/use-scaled-scroll.ts`); sticky header, row numbers, sort
 * and filters evaluated in the worker. Cells are rendered as text, so hostile values stay inert.
 */
export function ReportTable({ state, requestWindow, setView, view, onView, built }: Props) {
  const { header, types, viewLength, rows: total } = state.progress;
  const { global } = view;
  // The worker sorts and filters by column index; names absent from this report are left out.
  const headerKey = header?.join('\u0000') ?? '';
  const byIndex = useMemo(() => {
    const names = headerKey ? headerKey.split('\u0000') : [];
    const filters: Record<number, string> = {};
    names.forEach((name, c) => {
      const f = view.filters[name];
      if (f) filters[c] = f;
    });
    const column = view.sort ? names.indexOf(view.sort.column) : -1;
    const sort: SortSpec | undefined =
      view.sort && column >= 0 ? { column, direction: view.sort.direction } : undefined;
    return { filters, sort };
  }, [headerKey, view.filters, view.sort]);
  const { filters, sort } = byIndex;

  useEffect(() => {
    const t = setTimeout(() => setView({ sort, filters, global }), 150);
    return () => clearTimeout(t);
  }, [sort, filters, global, setView, state.loadId]);

  const scroll = useScaledScroll(viewLength, ROW_HEIGHT, header !== undefined, VIEWPORT_ESTIMATE);
  const done = built >= TABLE_BUILD_STEPS;
  const span = rowSpan(scroll.offset, scroll.scrollTop, scroll.geometry, done ? OVERSCAN : 0);
  const { first, last } = span;
  useEffect(() => {
    if (last >= first) requestWindow(first, last - first + 1);
  }, [first, last, state.viewVersion, requestWindow]);

  // Stable between progress messages, so the memoized header and rows skip them.
  const { columns } = state.progress;
  const quantity = useMemo(
    () => (header ?? []).map((_, c) => isQuantity(columns[c])),
    [header, columns],
  );
  const onFilter = useCallback(
    (c: number, v: string) => {
      const name = header?.[c];
      if (name !== undefined) onView((x) => ({ ...x, filters: { ...x.filters, [name]: v } }));
    },
    [header, onView],
  );
  const onSort = useCallback(
    (s: SortSpec | undefined) => {
      const name = s && header?.[s.column];
      onView((x) => ({
        ...x,
        sort: name !== undefined && s ? { column: name, direction: s.direction } : undefined,
      }));
    },
    [header, onView],
  );

  if (!header) return null;
  const win = state.window;
  // Until their turn, and until the first rows arrive, the spacer holds the rows' place: they are
  // built once, with their text.
  const visible = span.lastVisible - span.firstVisible + 1;
  const cap = done ? Infinity : built === 2 ? visible : built === 1 ? Math.ceil(visible / 2) : 0;
  const drawn = win.rows.length > 0 ? Math.min(cap, last - first + 1) : 0;
  const rest = layoutHeight(scroll.geometry) - Math.max(0, drawn) * ROW_HEIGHT;
  const filtered = viewLength !== total;

  return (
    <section className="an-table-section" aria-label="Report rows">
      <div className="an-row">
        <input
          type="search"
          aria-label="Filter all columns"
          placeholder="Filter all columns…"
          value={global}
          onChange={(e) => {
            const g = e.target.value;
            onView((x) => ({ ...x, global: g }));
          }}
        />
        <span className="an-hint" role="status">
          {formatRows(total)}
          {filtered && ` · ${formatRows(viewLength)} match the filters`}
        </span>
        {span.lastVisible >= 0 && (
          <span className="an-hint">
            Rows {count.format(span.firstVisible + 1)}–{count.format(span.lastVisible + 1)} of{' '}
            {count.format(viewLength)}
          </span>
        )}
      </div>
      <div
        className="an-scroll"
        ref={scroll.scrollRef}
        style={{ height: SCROLLER_HEIGHT }}
        tabIndex={0}
        aria-label="Report preview rows"
        onKeyDown={scroll.onKeyDown}
      >
        <div className="an-clip">
          <table className="an-table" aria-label="Report preview" aria-rowcount={viewLength + 1}>
            <colgroup>
              <col className="an-col-rownum" />
              {header.map((h, c) => (
                <col key={h + c} className={types[c] === 'text' ? 'an-col-text' : 'an-col-num'} />
              ))}
            </colgroup>
            <ReportTableHead
              ref={scroll.headRef}
              header={header}
              types={types}
              quantity={quantity}
              sort={sort}
              filters={filters}
              onSort={onSort}
              onFilter={onFilter}
            />
            {/* The rows are laid out at the top and moved where the scroll map draws them. */}
            <tbody style={{ transform: `translateY(${span.y}px)` }}>
              <ReportRows
                first={first}
                last={first + drawn - 1}
                win={win}
                header={header}
                quantity={quantity}
              />
            </tbody>
            {rest > 0 && (
              <tbody aria-hidden="true">
                <tr style={{ height: rest }} />
              </tbody>
            )}
          </table>
        </div>
      </div>
    </section>
  );
}
