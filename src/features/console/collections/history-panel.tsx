import './history-panel.css';
import type { HistoryEntry } from './history.ts';

interface Props {
  entries: HistoryEntry[];
  onOpen(entry: HistoryEntry): void;
  onClear(): void;
  onClose(): void;
}

/** The name a history entry is shown under: its operation name or first line. */
export function historyLabel(e: HistoryEntry): string {
  if (e.operationName) return e.operationName;
  const firstLine = e.query
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  return (firstLine ?? 'query').slice(0, 60);
}

/** Past runs (query, variables, operation; never tokens or headers), newest first. */
export function HistoryPanel({ entries, onOpen, onClear, onClose }: Props) {
  return (
    <aside className="side-panel history-panel" aria-label="History">
      <header>
        <h2>History</h2>
        <button type="button" onClick={onClear} disabled={entries.length === 0}>
          Clear history
        </button>
        <button type="button" aria-label="Close history" onClick={onClose}>
          ×
        </button>
      </header>
      {entries.length === 0 ? (
        <p className="placeholder">
          Operations you run appear here. Tokens and headers are never stored.
        </p>
      ) : (
        <ol>
          {entries.map((e) => (
            <li key={e.id}>
              <button
                type="button"
                className="history-entry"
                onClick={() => onOpen(e)}
                title="Open in a new tab"
              >
                <span>{historyLabel(e)}</span>
                <time dateTime={new Date(e.at).toISOString()}>
                  {new Date(e.at).toLocaleString()}
                </time>
                {e.variablesOmitted && (
                  <small className="hint"> (variables too large to keep in history)</small>
                )}
              </button>
            </li>
          ))}
        </ol>
      )}
    </aside>
  );
}
