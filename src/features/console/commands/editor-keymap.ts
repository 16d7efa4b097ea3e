import { Prec, type Extension } from '@codemirror/state';
import { keymap } from '@codemirror/view';
import { COMMANDS, scopeOf, type CommandTarget } from './command-table.ts';

/** The console's actions as an editor reads them: through a ref, at key time. */
export interface CommandTargetRef {
  readonly current: CommandTarget;
}

/**
 * Every `console` command of the table bound in an editor, above CodeMirror's own keys (its
 * Mod-Enter would insert a line). Each key runs the same action as from the page or the toolbar.
 * The `tab-list` keys (Delete, F2, arrows) stay the editor's own.
 */
export function commandKeymap(target: CommandTargetRef): Extension {
  return Prec.highest(
    keymap.of(
      COMMANDS.filter((c) => scopeOf(c) === 'console').flatMap((c) =>
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
