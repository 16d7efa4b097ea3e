import { useState } from 'react';
import type { HistoryEntry } from './history.ts';
import { matchesSearch, type SavedOperation } from './collections.ts';
import { DIAGNOSTICS_COLLECTION } from '../../../shared/contracts/diagnostics-collection.ts';
import { DIAGNOSTICS } from '../../../shared/contracts/diagnostics.ts';
import { DiagnosticsList } from './diagnostics-list.tsx';
import { DeleteCollection, Group } from './saved-group.tsx';
import { savedActions, type Feedback } from './saved-actions.ts';
import type { SavedSnapshot } from './saved-store.ts';
import { historyLabel } from './history-panel.tsx';
import { SavedOperationItem } from './saved-operation-item.tsx';
import './saved.css';

/** What opening an item puts into a new tab. */
export interface OpenRequest {
  title: string;
  query: string;
  variables: string;
  headers?: string;
  operationName?: string;
}

interface Props {
  saved: SavedSnapshot;
  history: HistoryEntry[];
  onOpen(request: OpenRequest): void;
  onDismissProblem(): void;
  onClose(): void;
}

/**
 * Region "Saved operations": the user's collections, the built-in read-only Diagnostics
 * collection, and (while searching) matching history entries. Every item opens in a new tab.
 */
export function SavedPanel({ saved, history, onOpen, onDismissProblem, onClose }: Props) {
  const [search, setSearch] = useState('');
  const [withHeaderValues, setWithHeaderValues] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>();
  const actions = savedActions();
  const searching = search.trim() !== '';
  const open = (o: SavedOperation) =>
    onOpen({
      title: o.name,
      query: o.query,
      variables: o.variables,
      headers: o.headers,
      operationName: o.operationName,
    });
  const recipes = DIAGNOSTICS.filter((r) => matchesSearch(r, search));
  const historyHits = searching
    ? history.filter((h) => matchesSearch({ ...h, name: historyLabel(h) }, search))
    : [];
  const collections = saved.state.collections
    .map((c) => ({ ...c, shown: c.operations.filter((o) => matchesSearch(o, search)) }))
    .filter((c) => !searching || c.shown.length > 0);
  const nothing =
    searching && recipes.length === 0 && historyHits.length === 0 && collections.length === 0;

  return (
    <section className="side-panel saved-panel" aria-label="Saved operations">
      <header>
        <h2>Saved operations</h2>
        <label className="file-button">
          Import collection
          <input
            type="file"
            accept=".json,application/json"
            onChange={(e) => {
              const input = e.currentTarget;
              const file = input.files?.[0];
              if (!file) return;
              void actions.importFile(file).then((f) => {
                setFeedback(f);
                input.value = '';
              });
            }}
          />
        </label>
        <button type="button" aria-label="Close saved operations" onClick={onClose}>
          ×
        </button>
      </header>
      <div className="saved-tools">
        <input
          type="search"
          aria-label="Search saved operations and history"
          placeholder="Search saved operations and history"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            checked={withHeaderValues}
            onChange={(e) => setWithHeaderValues(e.target.checked)}
          />
          Include header values in exports
        </label>
      </div>
      {saved.problem && (
        <div role="alert" className="notice notice-error">
          {saved.problem}{' '}
          <button type="button" onClick={onDismissProblem}>
            Dismiss
          </button>
        </div>
      )}
      {feedback && (
        <p
          role={feedback.tone === 'error' ? 'alert' : 'status'}
          className={`notice ${feedback.tone === 'error' ? 'notice-error' : ''}`}
        >
          {feedback.text}
        </p>
      )}
      {!searching && saved.state.collections.length === 0 && (
        <p className="placeholder">
          Save the current tab with Ctrl/Cmd-S or “Save operation”. Tokens are never saved.
        </p>
      )}
      {collections.map((c) => (
        <Group key={c.name} name={c.name}>
          <div className="saved-group-actions">
            <button
              type="button"
              onClick={() => actions.exportCollection(c.name, withHeaderValues)}
              title={`Export “${c.name}” as a JSON file`}
            >
              Export
            </button>
            <DeleteCollection onDelete={() => actions.removeCollection(c.name)} />
          </div>
          {c.operations.length === 0 ? (
            <p className="placeholder">Empty.</p>
          ) : (
            <ul>
              {c.shown.map((o) => (
                <SavedOperationItem
                  key={o.id}
                  operation={o}
                  onOpen={() => open(o)}
                  onRename={(name) => actions.rename(o.id, name)}
                  onDelete={() => actions.remove(o.id)}
                />
              ))}
            </ul>
          )}
        </Group>
      ))}
      {recipes.length > 0 && (
        <Group name={DIAGNOSTICS_COLLECTION}>
          <p className="status-muted">Built in, read-only. Many need a site admin token.</p>
          <DiagnosticsList recipes={recipes} onOpen={onOpen} />
        </Group>
      )}
      {historyHits.length > 0 && (
        <Group name="History">
          <ul>
            {historyHits.map((h) => (
              <li key={h.id} className="saved-item">
                <button
                  type="button"
                  className="saved-open"
                  onClick={() =>
                    onOpen({
                      title: '',
                      query: h.query,
                      variables: h.variables,
                      operationName: h.operationName,
                    })
                  }
                  title="Open in a new tab"
                >
                  {historyLabel(h)}
                </button>
              </li>
            ))}
          </ul>
        </Group>
      )}
      {nothing && <p className="placeholder">Nothing matches “{search.trim()}”.</p>}
    </section>
  );
}
