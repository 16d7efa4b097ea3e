import { memo, type ReactNode } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { CommandButtons } from './command-button.tsx';
import { OperationPicker } from './operation-picker.tsx';
import { RequestOptions as RequestOptionsForm } from './request-options.tsx';

/** Reads its own store: need not re-render with the toolbar on every edit. */
const RequestOptions = memo(RequestOptionsForm);

interface Props {
  /** What the command buttons (Run query/Stop, Prettify, Docs, History…) act on. */
  commands: CommandTarget;
  /** The editors' ExportMenu (the table's Export group: Copy as curl, Copy as src command). */
  exportMenu: ReactNode;
  /** Feedback of the last toolbar action (prettify failed, copied…). */
  message?: { tone: 'info' | 'error'; text: string };
}

/**
 * The command table's buttons (commands/command-table.ts) by group: Run query or Stop, the
 * operation picker, Prettify, Merge fragments, Fill all fields, Export, request options, then
 * Save operation, Saved operations, History, Docs, Shortcuts.
 */
export function Toolbar(p: Props) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Query actions">
      <CommandButtons group="run" target={p.commands} />
      <OperationPicker />
      <CommandButtons group="toolbar" target={p.commands} />
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
      <CommandButtons group="saved" target={p.commands} />
      <CommandButtons group="panels" target={p.commands} />
    </div>
  );
}
