import type { Command, CommandTarget } from '../commands/command-table.ts';
import { displayKeys } from '../commands/keys.ts';

/** A command of the table as a button: its text, and its label and keys as the tooltip. */
export function CommandButton({ command, target }: { command: Command; target: CommandTarget }) {
  const keys = command.keys.length ? ` (${displayKeys(command.keys)})` : '';
  return (
    <button
      type="button"
      onClick={() => command.run(target)}
      disabled={command.when ? !command.when(target) : undefined}
      title={`${command.label}${keys}`}
    >
      {command.button}
    </button>
  );
}
