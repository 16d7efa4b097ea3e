import type { EditorView } from '@codemirror/view';
import type { ReactNode } from 'react';
import { FillFieldsButton } from './fill-fields-button.tsx';
import { RequestOptions } from './request-options.tsx';

interface Props {
  running: boolean;
  onRun(): void;
  onStop(): void;
  onPrettify(): void;
  onMerge(): void;
  /** The query editor's view, for "Fill all fields". */
  queryView(): EditorView | null | undefined;
  /** Named operations of the document; the picker shows when there are several. */
  operations: string[];
  picked?: string;
  onPick(name: string | undefined): void;
  docsOpen: boolean;
  onToggleDocs(): void;
  historyOpen: boolean;
  onToggleHistory(): void;
  onShortcuts(): void;
  /** The editors' ExportMenu ("Copy as curl"). */
  exportMenu: ReactNode;
  /** "Save operation" and "Saved operations" (src/features/console/saved/). */
  savedControls?: ReactNode;
  /** Feedback of the last toolbar action (prettify failed, copied…). */
  message?: { tone: 'info' | 'error'; text: string };
}

/** Run/Stop, Prettify, Merge, operation picker, Copy as curl, Docs, History, Shortcuts. */
export function Toolbar(p: Props) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Query actions">
      {p.running ? (
        <button
          type="button"
          className="danger"
          onClick={p.onStop}
          title="Abort the running request"
        >
          Stop
        </button>
      ) : (
        <button
          type="button"
          className="primary"
          onClick={p.onRun}
          title="Run query (Ctrl/Cmd-Enter)"
        >
          Run query
        </button>
      )}
      {p.operations.length > 1 && (
        <label className="operation-picker">
          <span>Operation</span>
          <select value={p.picked ?? ''} onChange={(e) => p.onPick(e.target.value || undefined)}>
            <option value="">Under the cursor</option>
            {p.operations.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" onClick={p.onPrettify} title="Prettify (Shift-Ctrl-P)">
        Prettify
      </button>
      <button type="button" onClick={p.onMerge} title="Merge fragments (Shift-Ctrl-M)">
        Merge fragments
      </button>
      <FillFieldsButton getView={p.queryView} />
      {p.exportMenu}
      <RequestOptions />
      <span className="toolbar-spacer" />
      {p.message && (
        <span
          role="status"
          className={p.message.tone === 'error' ? 'status-error' : 'status-muted'}
        >
          {p.message.text}
        </span>
      )}
      {p.savedControls}
      <button type="button" aria-pressed={p.historyOpen} onClick={p.onToggleHistory}>
        History
      </button>
      <button
        type="button"
        aria-pressed={p.docsOpen}
        onClick={p.onToggleDocs}
        title="Schema docs (Ctrl/Cmd-K searches)"
      >
        Docs
      </button>
      <button type="button" onClick={p.onShortcuts} aria-haspopup="dialog">
        Shortcuts
      </button>
    </div>
  );
}
