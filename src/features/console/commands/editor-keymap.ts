import { Prec, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { COMMANDS, type CommandTarget } from './command-table.ts';

/** The console's actions as an editor reads them: through a ref, at key time. */
export interface CommandTargetRef {
  readonly current: CommandTarget;
}

/**
 * Every command of the table bound in an editor, above CodeMirror's own keys (its Mod-Enter
 * would insert a line). Each key runs the same action as from the page or the toolbar.
 */
export function commandKeymap(target: CommandTargetRef): Extension {
  return Prec.highest(
    keymap.of(
      COMMANDS.flatMap((c) =>
        c.keys.map((key) => ({
          key,
          run: () => {
            const t = target.current;
            if (c.when && !c.when(t)) return false;
            c.run(t);
            return true;
          },
        })),
      ),
    ),
  );
}
