import type { ReactNode } from 'react';
import { commandById, commandsWithButtons, type CommandTarget } from '../commands/command-table.ts';
import { displayKeys } from '../commands/keys.ts';
import { CommandButton } from './command-button.tsx';
import { RequestOptions } from './request-options.tsx';

interface Props {
  running: boolean;
  /** What the command buttons (Run, Prettify, Merge fragments, Fill all fields…) act on. */
  commands: CommandTarget;
  onStop(): void;
  /** Named operations of the document; the picker shows when there are several. */
  operations: string[];
  picked?: string;
  onPick(name: string | undefined): void;
  docsOpen: boolean;
  onToggleDocs(): void;
  historyOpen: boolean;
  onToggleHistory(): void;
  onShortcuts(): void;
  /** The editors' ExportMenu (the table's Export group: Copy as curl, Copy as src command). */
  exportMenu: ReactNode;
  /** "Save operation" and "Saved operations" (src/features/console/saved/). */
  savedControls?: ReactNode;
  /** Feedback of the last toolbar action (prettify failed, copied…). */
  message?: { tone: 'info' | 'error'; text: string };
}

const RUN = commandById('run');
const BUTTONS = commandsWithButtons('toolbar');

/**
 * Run/Stop, operation picker, the command table's buttons (Prettify, Merge fragments, Fill all
 * fields), Copy as curl, Docs, History, Shortcuts.
 */
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
          onClick={() => RUN.run(p.commands)}
          title={`Run query (${displayKeys(RUN.keys)})`}
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
      {BUTTONS.map((c) => (
        <CommandButton key={c.id} command={c} target={p.commands} />
      ))}
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
