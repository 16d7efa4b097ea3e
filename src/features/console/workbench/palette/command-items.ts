import {
  COMMANDS,
  scopeOf,
  type Command,
  type CommandTarget,
} from '../../commands/command-table.ts';
import { displayKeys } from '../../commands/keys.ts';
import type { PaletteItem } from './palette-item.ts';

/** The palette's own command: it is open, so it is not offered. */
const PALETTE_ID = 'palette';

/** Whether a command can run now: what its button says (`shown`) and its key says (`when`). */
function available(c: Command, target: CommandTarget): boolean {
  return (!c.when || c.when(target)) && (!c.shown || c.shown(target));
}

/**
 * Every command of the table but the palette itself, generated from the table (a new entry is
 * in the palette without a line here): named by its button where it has one (what the toolbar
 * shows), else by its label; the label is always searched, so typing it finds the command.
 * A command that cannot run now (Stop while idle) is listed, disabled.
 */
export function commandItems(
  target: CommandTarget,
  table: readonly Command[] = COMMANDS,
): PaletteItem[] {
  return table
    .filter((c) => c.id !== PALETTE_ID)
    .map((c) => ({
      id: `command:${c.id}`,
      kind: 'command',
      title: c.button ?? c.label,
      detail: c.button ? c.label : undefined,
      keywords: c.button ? c.label : undefined,
      keys: c.keys.length
        ? `${displayKeys(c.keys)}${scopeOf(c) === 'tab-list' ? ' on a tab' : ''}`
        : undefined,
      disabled: available(c, target) ? undefined : true,
      run: () => c.run(target),
    }));
}
