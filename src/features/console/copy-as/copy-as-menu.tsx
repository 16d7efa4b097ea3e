import { commandsWithButtons, type CommandTarget } from '../commands/command-table.ts';
import { CommandButton } from '../commands/command-button.tsx';
import type { ExportState } from './use-export-commands.ts';
import { SeveralOperationsHint } from '../run/operation-picker.tsx';
import { MenuButton } from '../../../shared/ui/menu-button.tsx';
import { Icon, Terminal } from '../../../shared/ui/icons.tsx';

const ITEMS = commandsWithButtons('copy-as');

/**
 * The editor toolbar's "Copy as…" menu: every export of the command table (curl as
 * `src api -get-curl` prints it, the `src` command, fetch, Python requests, Go net/http) and
 * "Include token", which stays off unless ticked (the copy then carries a warning).
 */
export function CopyAsMenu({ commands, state }: { commands: CommandTarget; state: ExportState }) {
  const { includeToken, setIncludeToken } = state;
  return (
    <MenuButton
      label="Copy as…"
      title="Copy the request as a command or as code"
      className="icon-button"
      items={(close) => (
        <>
          {ITEMS.map((c) => (
            <CommandButton key={c.id} command={c} target={commands} menuItem={{ onDone: close }} />
          ))}
          <button
            type="button"
            role="menuitemcheckbox"
            aria-checked={includeToken}
            title="Put the real token in the copied command or code (off: it is redacted)"
            onClick={() => setIncludeToken(!includeToken)}
          >
            <span aria-hidden="true" className="menu-check">
              {includeToken ? '✓' : ''}
            </span>
            Include token
          </button>
        </>
      )}
    >
      <Icon icon={Terminal} />
    </MenuButton>
  );
}

/** What the last copy did, the token warning, and the command to copy by hand if the clipboard was blocked. */
export function CopyAsOutcome({ state }: { state: ExportState }) {
  const { includeToken, status, fallback } = state;
  return (
    <>
      <SeveralOperationsHint />
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
    </>
  );
}
