import type { SummaryResult } from '../lib/summary-spec.ts';
import { formatValue } from '../lib/format-value.ts';

interface Props {
  result: SummaryResult;
  onSort(column: string): void;
}

/** Table "Summary": one row per group; a click on a column header sorts by it (in the worker). */
export function SummaryTable({ result, onSort }: Props) {
  const { header, numeric, rows, sort, keyCount } = result;
  return (
    <div className="an-summary-scroll">
      <table className="an-data-table an-summary" aria-label="Summary">
        <thead>
          <tr>
            {header.map((h, c) => {
              const dir = sort.column === h ? sort.direction : 'none';
              return (
                <th
                  key={h}
                  scope="col"
                  aria-sort={dir}
                  className={numeric[c] ? 'an-num' : undefined}
                >
                  <button type="button" className="an-sort" onClick={() => onSort(h)}>
                    {h}
                    <span aria-hidden="true">
                      {dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ''}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((v, c) => {
                const Cell = c < keyCount ? 'th' : 'td';
                const empty = v === null || v === '';
                return (
                  <Cell
                    key={c}
                    scope={c < keyCount ? 'row' : undefined}
                    className={numeric[c] ? 'an-num' : empty ? 'an-empty' : undefined}
                  >
                    {typeof v === 'number'
                      ? formatValue(v)
                      : empty
                        ? c < keyCount
                          ? '(empty)'
                          : ''
                        : v}
                  </Cell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
