import { memo, type Ref } from 'react';
import type { SortSpec } from '../lib/csv-store.ts';
import type { ColumnType } from '../lib/csv-types.ts';

interface Props {
  header: string[];
  types: ColumnType[];
  /** Per column: a quantity (right-aligned like its cells). */
  quantity: boolean[];
  sort: SortSpec | undefined;
  filters: Record<number, string>;
  onSort(sort: SortSpec | undefined): void;
  onFilter(column: number, value: string): void;
  /** The table's scroller measures the header to know how much room the rows have. */
  ref?: Ref<HTMLTableSectionElement>;
}

const TYPE_HINT: Record<ColumnType, string> = {
  number: 'number: type >10, <=5, =0 or text',
  date: 'date: type 2025-01 or any text',
  text: 'text: type to filter, =x for exact',
};

/** Sticky header: a sort button and a filter box per column; aria-sort tells the current order. */
function TableHead({ header, types, quantity, sort, filters, onSort, onFilter, ref }: Props) {
  function nextSort(c: number): SortSpec | undefined {
    if (sort?.column !== c) return { column: c, direction: 'ascending' };
    return sort.direction === 'ascending' ? { column: c, direction: 'descending' } : undefined;
  }
  return (
    <thead ref={ref}>
      <tr aria-rowindex={1}>
        <th scope="col" className="an-rownum">
          #
        </th>
        {header.map((h, c) => {
          const dir = sort?.column === c ? sort.direction : 'none';
          return (
            <th
              key={h + c}
              scope="col"
              aria-sort={dir}
              className={quantity[c] ? 'an-num' : undefined}
            >
              <button type="button" className="an-sort" onClick={() => onSort(nextSort(c))}>
                {h}
                <span aria-hidden="true">
                  {dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ''}
                </span>
              </button>
              <input
                type="search"
                className="an-col-filter"
                aria-label={`Filter ${h}`}
                placeholder={types[c] ?? 'text'}
                title={TYPE_HINT[types[c] ?? 'text']}
                value={filters[c] ?? ''}
                onChange={(e) => onFilter(c, e.target.value)}
              />
            </th>
          );
        })}
      </tr>
    </thead>
  );
}

/** Memoized: progress messages (new row counts) leave the header as it is. */
export const ReportTableHead = memo(TableHead);
