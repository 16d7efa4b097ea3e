import type { ReactNode } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { CommandButtons } from '../commands/command-button.tsx';

/**
 * The query editor's toolbar, beside it (GraphiQL's): Run query (Stop while running), then the
 * command table's `editor` entries as icon buttons, then the Copy as… menu.
 */
export function EditorToolbar({
  commands,
  copyAs,
}: {
  commands: CommandTarget;
  copyAs: ReactNode;
}) {
  return (
    <div
      role="toolbar"
      aria-label="Query actions"
      aria-orientation="vertical"
      className="editor-toolbar"
    >
      <CommandButtons group="run" target={commands} icon />
      <CommandButtons group="editor" target={commands} icon />
      {copyAs}
    </div>
  );
}
