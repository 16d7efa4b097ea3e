import {
  commandsWithButtons,
  type ButtonGroup,
  type Command,
  type CommandTarget,
} from './command-table.ts';
import { displayKeys } from './keys.ts';
import { COMMAND_ICONS } from './command-icons.ts';
import { Icon } from '../../../shared/ui/icons.tsx';

/** The tooltip of a command's button or menu item: what it does and its keys. */
function commandTitle(command: Command): string {
  const where = command.scope === 'tab-list' ? ' on a tab' : '';
  const keys = command.keys.length ? ` (${displayKeys(command.keys)}${where})` : '';
  return `${command.label}${keys}`;
}

interface Props {
  command: Command;
  target: CommandTarget;
  /** An icon button (the name stays the command's `button` text, as `aria-label`). */
  icon?: boolean;
  /** A `menuitem` of a menu; `onDone` closes the menu after it ran. */
  menuItem?: { onDone(): void };
}

/**
 * A command of the table as a button: its icon or its text, its label and keys as the tooltip,
 * `aria-pressed` for a toggle. Nothing while `shown` says no.
 */
export function CommandButton({ command, target, icon, menuItem }: Props) {
  if (command.shown && !command.shown(target)) return null;
  const iconNode = icon ? COMMAND_ICONS[command.id] : undefined;
  const label = command.button ?? command.label;
  return (
    <button
      type="button"
      role={menuItem ? 'menuitem' : undefined}
      className={[command.className, iconNode ? 'icon-button' : ''].filter(Boolean).join(' ')}
      onClick={() => {
        command.run(target);
        menuItem?.onDone();
      }}
      disabled={command.when ? !command.when(target) : undefined}
      title={commandTitle(command)}
      aria-label={iconNode ? label : undefined}
      aria-pressed={menuItem ? undefined : command.pressed?.(target)}
      aria-haspopup={command.opensDialog ? 'dialog' : undefined}
    >
      {iconNode ? <Icon icon={iconNode} /> : label}
    </button>
  );
}

/** The buttons of one group of the table, in table order. */
export function CommandButtons({
  group,
  target,
  icon,
}: {
  group: ButtonGroup;
  target: CommandTarget;
  icon?: boolean;
}) {
  return commandsWithButtons(group).map((c) => (
    <CommandButton key={c.id} command={c} target={target} icon={icon} />
  ));
}
