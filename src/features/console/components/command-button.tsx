import {
  commandsWithButtons,
  type ButtonGroup,
  type Command,
  type CommandTarget,
} from '../commands/command-table.ts';
import { displayKeys } from '../commands/keys.ts';

/**
 * A command of the table as a button: its text (or glyph, then the text is its accessible name),
 * its label and keys as the tooltip (with where they work, if not everywhere), `aria-pressed` for a toggle. Nothing while `shown` says no.
 */
export function CommandButton({ command, target }: { command: Command; target: CommandTarget }) {
  if (command.shown && !command.shown(target)) return null;
  const where = command.scope === 'tab-list' ? ' on a tab' : '';
  const keys = command.keys.length ? ` (${displayKeys(command.keys)}${where})` : '';
  return (
    <button
      type="button"
      className={command.className}
      onClick={() => command.run(target)}
      disabled={command.when ? !command.when(target) : undefined}
      title={`${command.label}${keys}`}
      aria-label={command.glyph ? command.button : undefined}
      aria-pressed={command.pressed?.(target)}
      aria-haspopup={command.opensDialog ? 'dialog' : undefined}
    >
      {command.glyph ?? command.button}
    </button>
  );
}

/** The buttons of one group of the table, in table order. */
export function CommandButtons({ group, target }: { group: ButtonGroup; target: CommandTarget }) {
  return commandsWithButtons(group).map((c) => (
    <CommandButton key={c.id} command={c} target={target} />
  ));
}
