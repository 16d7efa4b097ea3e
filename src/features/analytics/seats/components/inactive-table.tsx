import { useId, useState } from 'react';
import { ScrollTable } from '../../components/scroll-table.tsx';
import { saveBlob } from '../../../../shared/lib/save-blob.ts';
import {
  INACTIVE_COLUMNS,
  inactiveCsv,
  inactiveFileName,
  inReport,
  type InactiveUser,
} from '../lib/inactive-users.ts';
import { SHOWN, shownNote } from './shown.ts';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/**
 * "Licensed but inactive users": the instance's users without activity in the report, the first
 * {@link SHOWN} in a table (a page of thousands of rows would take seconds to lay out), all of
 * them in "Export inactive users as CSV".
 */
export function InactiveTable({ list, fileName }: { list: InactiveUser[]; fileName: string }) {
  const id = useId();
  const [error, setError] = useState<string>();
  const name = inactiveFileName(fileName);
  function handleExport() {
    setError(undefined);
    try {
      saveBlob(inactiveCsv(list), name);
    } catch (err) {
      setError(`Could not export: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return (
    <div className="an-seat-list">
      <div className="an-row">
        <h3 id={`${id}-title`} className="an-h3">
          Licensed but inactive users
        </h3>
        <button
          type="button"
          disabled={list.length === 0}
          aria-describedby={`${id}-note`}
          onClick={handleExport}
        >
          Export inactive users as CSV
        </button>
        <span id={`${id}-note`} className="an-hint">
          All {list.length.toLocaleString('en-US')}, as {name}
        </span>
        {error && (
          <span className="an-error" role="alert">
            {error}
          </span>
        )}
      </div>
      {list.length === 0 ? (
        <p className="an-hint">Every instance user was active in the report.</p>
      ) : (
        <ScrollTable labelledBy={`${id}-title`} className="an-summary">
          <thead>
            <tr>
              {INACTIVE_COLUMNS.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.slice(0, SHOWN).map((u) => (
              <tr key={u.username}>
                <th scope="row">{u.username}</th>
                <td>{u.displayName}</td>
                <td>{u.emails.join('; ')}</td>
                <td>{u.siteAdmin ? 'yes' : ''}</td>
                <td>{day(u.createdAt)}</td>
                <td>{day(u.lastActive)}</td>
                <td>{inReport(u)}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {shownNote(list.length, 'the CSV has them all')}
    </div>
  );
}
