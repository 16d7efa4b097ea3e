import type { GraphQLSchema } from 'graphql';
import { startTransition, useMemo, useState } from 'react';
import { useGraphqlTools } from '../lib/graphql-tools-loader.ts';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import type { CommandTarget } from '../commands/command-table.ts';
import type { EditorHandles } from '../hooks/use-console-actions.ts';
import { getConsoleStore } from '../hooks/use-console-store.ts';
import { showInDocs } from '../state/docs-view.ts';
import type { ConsoleTab } from '../state/tabs.ts';
import { CostMeter } from './cost-meter.tsx';
import { HeadersEditor } from './headers-editor.tsx';
import { QueryEditor } from './query-editor.tsx';
import { VariablesEditor } from './variables-editor.tsx';

interface Props {
  tab: ConsoleTab;
  /** The document has several operations: track which one the cursor is in. */
  multipleOperations: boolean;
  handles: EditorHandles;
  schema?: GraphQLSchema;
  limits: CostLimits;
  onLimitsChange(l: CostLimits): void;
  commands: CommandTarget;
}

/** Query editor on top; Variables and Headers below; the cost meter under them. */
export function EditorColumn(props: Props) {
  const { tab, handles, schema, limits, onLimitsChange, commands, multipleOperations } = props;
  const id = tab.id;
  // The operation the Variables editor and the cost meter use: the picked one, else the one under
  // the cursor. The query editor reports its text and its cursor in the same update, so both
  // are read from the current document.
  const [cursor, setCursor] = useState<{ tabId: string; offset: number }>();
  const offset = cursor?.tabId === id ? cursor.offset : undefined;
  const tools = useGraphqlTools();
  const cursorOp = useMemo(
    () =>
      multipleOperations && offset !== undefined
        ? tools?.operationAt(tab.query, offset)
        : undefined,
    [tools, multipleOperations, tab.query, offset],
  );
  const operationName = tab.operationName ?? cursorOp;
  const update = (patch: Partial<ConsoleTab>) => getConsoleStore().updateTab(id, patch);
  return (
    <div className="editor-column">
      <div className="query-pane">
        <QueryEditor
          key={`q-${id}`}
          value={tab.query}
          onChange={(query: string) => update({ query })}
          schema={schema}
          commands={commands}
          onShowInDocs={showInDocs}
          // What follows the cursor (operation, cost) re-renders after the keystroke's frame.
          onCursorChange={(offset: number) =>
            startTransition(() => setCursor({ tabId: id, offset }))
          }
          handleRef={handles.query}
        />
      </div>
      <div className="sub-editors">
        <section className="sub-editor" aria-labelledby={`vars-h-${id}`}>
          <h3 id={`vars-h-${id}`}>Variables</h3>
          <VariablesEditor
            key={`v-${id}`}
            value={tab.variables}
            onChange={(variables: string) => update({ variables })}
            query={tab.query}
            schema={schema}
            operationName={operationName}
            commands={commands}
            handleRef={handles.variables}
          />
        </section>
        <section className="sub-editor" aria-labelledby={`headers-h-${id}`}>
          <h3 id={`headers-h-${id}`}>
            Headers{' '}
            <small className="hint">(kept for this browser tab only unless “Remember” is on)</small>
          </h3>
          <HeadersEditor
            key={`h-${id}`}
            value={tab.headers}
            onChange={(headers: string) => update({ headers })}
            commands={commands}
            handleRef={handles.headers}
          />
        </section>
      </div>
      <CostMeter
        query={tab.query}
        variables={tab.variables}
        operationName={operationName}
        limits={limits}
        onLimitsChange={onLimitsChange}
      />
    </div>
  );
}
