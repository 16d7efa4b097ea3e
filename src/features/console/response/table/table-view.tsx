import type { Text } from '@codemirror/state';
import { useState } from 'react';
import { saveBlob } from '../../../../shared/lib/save-blob.ts';
import { TableGrid } from './table-grid.tsx';
import { tableCsvName } from './csv-file-name.ts';
import { useTable } from './use-table.ts';
import './table.css';

interface Props {
  /** The settled response's text. */
  doc: Text;
  language: 'json' | 'text';
  operationName?: string;
  /** The Table tab is shown: only then is the response read. */
  active: boolean;
}

/** `12,345 rows`. By hand: the page's first `Intl.NumberFormat` loads ICU data in a long task. */
function rows(n: number): string {
  const digits = String(n).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${digits} ${n === 1 ? 'row' : 'rows'}`;
}

const NO_LIST = "No list of objects in this response's data";

/**
 * The Table view of a response: the shallowest list of objects in `data` (or another one picked
 * from the list select), sortable by any column, exportable as CSV. Everything heavy (parse,
 * flatten, sort, CSV) runs in the table worker (table-job.ts).
 */
export function TableView({ doc, language, operationName, active }: Props) {
  const { state, pickList, sortBy } = useTable(doc, active && language === 'json');
  const [exportError, setExportError] = useState<string>();
  if (language !== 'json')
    return <p className="placeholder">{NO_LIST}: the response is not JSON.</p>;
  if (state.phase === 'error')
    return (
      <p role="alert" className="notice notice-error">
        The table could not be built ({state.error}).
      </p>
    );
  if (state.phase === 'loading' || !state.found || !state.session)
    return <p className="placeholder">Reading the response…</p>;
  const { found, info, session, sort } = state;
  if (!info)
    return (
      <p className="placeholder rt-none" role="status">
        {NO_LIST}
        {found.problem ? ` (it is not JSON: ${found.problem}).` : '.'}
      </p>
    );

  async function exportCsv(path: string) {
    setExportError(undefined);
    try {
      saveBlob(await session.csv(), tableCsvName(path, operationName));
    } catch (err) {
      setExportError(
        `Could not export the table: ${err instanceof Error ? err.message : String(err)}`,
      );
    }
  }

  const sortedBy = sort && info.columns[sort.column];
  // With several lists the select names the one shown; the status line then needs only its size.
  const several = found.lists.length > 1;
  return (
    <div className="rt">
      <div className="rt-bar">
        {several && (
          <select
            aria-label="List shown"
            value={state.list}
            onChange={(e) => pickList(Number(e.target.value))}
          >
            {found.lists.map((l, i) => (
              <option key={l.path} value={i}>
                {`${l.path} · ${rows(l.rows)}`}
              </option>
            ))}
          </select>
        )}
        <span role="status" className="rt-status">
          {several ? rows(info.rowCount) : `${info.path} · ${rows(info.rowCount)}`}
          {sortedBy && ` · sorted by ${sortedBy.name}, ${sort.direction}`}
        </span>
        <button
          type="button"
          className="rt-export"
          title="The rows as shown and sorted; null and missing cells empty, lists of objects as JSON"
          onClick={() => void exportCsv(info.path)}
        >
          Export table as CSV
        </button>
        {exportError && (
          <span role="alert" className="status-error">
            {exportError}
          </span>
        )}
      </div>
      <TableGrid
        session={session}
        info={info}
        version={state.version}
        sort={sort}
        onSort={sortBy}
      />
    </div>
  );
}
