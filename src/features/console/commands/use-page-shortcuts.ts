import { useEffect, useRef } from 'react';
import { commandForKey, type CommandTarget } from './command-table.ts';

/**
 * Binds the console's command keys (commands/command-table.ts, scope `console`) on window, for
 * focus outside the editors. Keys already handled inside an editor (it calls preventDefault) are skipped, so a
 * command never runs twice.
 */
export function usePageShortcuts(target: CommandTarget): void {
  const ref = useRef(target);
  useEffect(() => {
    ref.current = target;
  });
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.isComposing) return;
      const t = ref.current;
      const command = commandForKey(e, 'console');
      if (!command || (command.when && !command.when(t))) return;
      e.preventDefault();
      command.run(t);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
