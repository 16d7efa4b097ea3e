import { commandsWithButtons, type CommandTarget } from '../commands/command-table.ts';
import type { ExportState } from '../hooks/use-export-commands.ts';
import { CommandButton } from './command-button.tsx';
import { SeveralOperationsHint } from './operation-picker.tsx';

const BUTTONS = commandsWithButtons('export');

/**
 * The Export group: the command table's export buttons (Copy as curl, Copy as src command),
 * "Include token" and what the last copy did (`hooks/use-export-commands.ts`).
 */
export function ExportMenu(props: { commands: CommandTarget; state: ExportState }) {
  const { includeToken, setIncludeToken, status, fallback } = props.state;
  return (
    <div className="export-menu" role="group" aria-label="Export">
      {BUTTONS.map((c) => (
        <CommandButton key={c.id} command={c} target={props.commands} />
      ))}
      <SeveralOperationsHint />
      <label>
        <input
          type="checkbox"
          checked={includeToken}
          onChange={(e) => setIncludeToken(e.target.checked)}
        />
        Include token
      </label>
      {includeToken && (
        <span className="export-warning">
          The copied command will contain your token: keep it out of chats, tickets and shell
          history.
        </span>
      )}
      <span role="status" className="export-status">
        {status}
      </span>
      {fallback !== undefined && (
        <textarea
          readOnly
          aria-label="Exported command"
          value={fallback}
          rows={6}
          onFocus={(e) => e.currentTarget.select()}
        />
      )}
    </div>
  );
}
