import { useState } from 'react';
import {
  clearStoredData,
  countSavedSchemas,
  summarizeStoredData,
  type StoredDataSummary,
} from './clear-stored-data.ts';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "Clear stored data" with a confirmation that lists what goes and what stays. */
export function ClearStoredData() {
  const [summary, setSummary] = useState<StoredDataSummary>();
  const [status, setStatus] = useState<string>();
  const [busy, setBusy] = useState(false);

  function ask() {
    setStatus(undefined);
    void summarizeStoredData().then((s) => {
      setSummary(s);
      void countSavedSchemas().then((n) =>
        setSummary((cur) => (cur ? { ...cur, savedSchemas: n } : cur)),
      );
    });
  }

  async function confirm() {
    setBusy(true);
    await clearStoredData();
    setBusy(false);
    setSummary(undefined);
    setStatus('Stored data cleared. One new tab is open.');
  }

  return (
    <section className="settings-clear" aria-labelledby="settings-clear-title">
      <h3 id="settings-clear-title">Stored data</h3>
      {!summary ? (
        <button type="button" className="danger" onClick={ask}>
          Clear stored data
        </button>
      ) : (
        <div role="group" aria-label="Confirm clearing stored data" className="notice notice-error">
          <p>This removes from this browser:</p>
          <ul>
            <li>
              all tabs ({plural(summary.tabs, 'tab')}) with their query, variables and headers;
            </li>
            <li>the run history ({plural(summary.historyEntries, 'entry', 'entries')});</li>
            <li>
              saved operations ({plural(summary.savedOperations, 'operation')} in{' '}
              {plural(summary.collections, 'collection')}); export what you want to keep first;
            </li>
            <li>saved analytics views ({plural(summary.analyticsViews, 'view')});</li>
            <li>
              saved schemas for Docs “What changed” (
              {summary.savedSchemas === null ? 'counting…' : plural(summary.savedSchemas, 'schema')}
              );
            </li>
            <li>
              remembered tokens (
              {summary.rememberedTokens
                ? '“Remember on this device” is on: it is turned off and the stored tokens are deleted'
                : 'none stored: “Remember on this device” is off'}
              ).
            </li>
          </ul>
          <p>Theme, font size and connection URLs stay. This cannot be undone.</p>
          <div className="dialog-actions">
            <button type="button" className="danger" onClick={() => void confirm()} disabled={busy}>
              Clear it all
            </button>
            <button type="button" onClick={() => setSummary(undefined)} autoFocus>
              Cancel
            </button>
          </div>
        </div>
      )}
      {status && <p role="status">{status}</p>}
    </section>
  );
}
