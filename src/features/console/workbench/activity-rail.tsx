import type { CommandTarget } from '../commands/command-table.ts';
import { CommandButtons } from '../commands/command-button.tsx';

/**
 * The activity rail (GraphiQL 6, VS Code): the command table's `rail` entries as icon buttons,
 * Docs, History, Saved operations (one side panel at a time), then Shortcuts and Settings.
 */
export function ActivityRail({ commands }: { commands: CommandTarget }) {
  return (
    <div role="toolbar" aria-label="Activity" aria-orientation="vertical" className="activity-rail">
      <CommandButtons group="rail" target={commands} icon />
    </div>
  );
}
