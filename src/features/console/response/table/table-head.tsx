import type { SortSpec } from './sort-rows.ts';
import type { ColumnInfo } from './table-protocol.ts';

interface Props {
  columns: ColumnInfo[];
  sort: SortSpec | undefined;
  onSort(sort: SortSpec | undefined): void;
}

/** A header click (or Enter / Space on it) goes ascending → descending → the list's order. */
function nextSort(sort: SortSpec | undefined, column: number): SortSpec | undefined {
  if (sort?.column !== column) return { column, direction: 'ascending' };
  return sort.direction === 'ascending' ? { column, direction: 'descending' } : undefined;
}

/** Sticky header: one sort button per column; `aria-sort` tells the current order. */
export function TableHead({ columns, sort, onSort }: Props) {
  return (
    <thead>
      <tr aria-rowindex={1}>
        {columns.map((c, i) => {
          const dir = sort?.column === i ? sort.direction : 'none';
          return (
            <th key={i} scope="col" aria-sort={dir} className={c.numeric ? 'rt-num' : undefined}>
              <button
                type="button"
                title={`Sort by ${c.name}`}
                onClick={() => onSort(nextSort(sort, i))}
              >
                {c.name}
                <span aria-hidden="true" className="rt-arrow">
                  {dir === 'ascending' ? '▲' : dir === 'descending' ? '▼' : ''}
                </span>
              </button>
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
