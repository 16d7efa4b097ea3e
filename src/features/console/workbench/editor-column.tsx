import type { GraphQLSchema } from 'graphql';
import {
  memo,
  startTransition,
  useCallback,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { afterNextPaint } from '../../../shared/lib/schedule.ts';
import { useGraphqlTools } from '../run/graphql-tools-loader.ts';
import type { CostLimits } from '../../../shared/contracts/cost-limits.ts';
import type { CommandTarget } from '../commands/command-table.ts';
import type { EditorHandles } from '../commands/use-console-actions.ts';
import { getConsoleStore, useConsoleSelector } from '../tabs/use-console-store.ts';
import { useEditDeferred } from '../editor/use-edit-deferred.ts';
import { useOperationNames } from '../run/use-operations.ts';
import { showInDocs } from './docs-view.ts';
import { activeTab, type ConsoleTab } from '../tabs/tabs.ts';
import { CostMeter } from './lazy-panels.tsx';
import { HeadersEditor as HeadersEditorComponent } from '../editor/headers-editor.tsx';
import {
  QueryEditor as QueryEditorComponent,
  type QueryEditorProps,
} from '../editor/query-editor.tsx';
import { VariablesEditor } from '../editor/variables-editor.tsx';
import { BottomPane } from './bottom-pane.tsx';

/** Equal props but the text: `value` is only the editor's initial document. */
function sameButValue(a: QueryEditorProps, b: QueryEditorProps): boolean {
  const keys = Object.keys(a) as (keyof QueryEditorProps)[];
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => k === 'value' || Object.is(a[k], b[k]))
  );
}

// The editors own their text: an edit re-renders neither the query editor nor Headers (their
// callbacks below are stable per tab). The Variables editor follows the query's variables.
const QueryEditor = memo(QueryEditorComponent, sameButValue);
const HeadersEditor = memo(HeadersEditorComponent);

interface Props {
  handles: EditorHandles;
  schema?: GraphQLSchema;
  limits: CostLimits;
  onLimitsChange(l: CostLimits): void;
  commands: CommandTarget;
  /** The editor toolbar, beside the query editor (`workbench/editor-toolbar.tsx`). */
  toolbar: ReactNode;
  /** What the last command said, at the bottom pane's tab strip (copied, prettify failed…). */
  messages: ReactNode;
}

interface ViewProps extends Props {
  tab: ConsoleTab;
  /** The document has several operations: track which one the cursor is in. */
  multipleOperations: boolean;
}

const sameTab = (a: ConsoleTab, b: ConsoleTab) => a.id === b.id;

/**
 * Query editor on top with its toolbar beside it; Variables, Headers and Request options as tabs
 * of the bottom pane; the cost meter as the column's status line. The column
 * follows the active tab itself: another tab at once, an edit of its text after the keystroke's
 * frame (a deferred copy; the urgent render stops at the memoised view).
 */
export function EditorColumn(props: Props) {
  const tab = useEditDeferred(useConsoleSelector(activeTab), sameTab);
  const named = useOperationNames().filter((n) => n !== undefined).length;
  return <EditorColumnView {...props} tab={tab} multipleOperations={named > 1} />;
}

const EditorColumnView = memo(function EditorColumnView(props: ViewProps) {
  const { tab, handles, schema, limits, onLimitsChange, commands, multipleOperations } = props;
  const { toolbar, messages } = props;
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
  const onQuery = useCallback((query: string) => getConsoleStore().updateTab(id, { query }), [id]);
  const onHeaders = useCallback(
    (headers: string) => getConsoleStore().updateTab(id, { headers }),
    [id],
  );
  // What follows the cursor (operation, cost) re-renders after the keystroke's frame.
  // The cost hints' inputs: a new object (the hints computed again) only when these change.
  const variablesHandle = handles.variables;
  const cost = useMemo(
    () => ({
      limits,
      variables: tab.variables,
      variablesEditor: () => variablesHandle.current,
    }),
    [limits, tab.variables, variablesHandle],
  );
  // Rendered after the keystroke's frame, once per frame (the last position wins).
  const cursorTask = useRef<() => void>(undefined);
  const onCursor = useCallback(
    (offset: number) => {
      cursorTask.current?.();
      cursorTask.current = afterNextPaint(() =>
        startTransition(() => setCursor({ tabId: id, offset })),
      );
    },
    [id],
  );
  return (
    <div className="editor-column">
      <BottomPane
        tabId={id}
        messages={messages}
        top={
          <div className="query-pane">
            <QueryEditor
              key={`q-${id}`}
              value={tab.query}
              onChange={onQuery}
              schema={schema}
              commands={commands}
              onShowInDocs={showInDocs}
              onCursorChange={onCursor}
              handleRef={handles.query}
              cost={cost}
            />
            {toolbar}
          </div>
        }
        variables={
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
        }
        headers={
          <HeadersEditor
            key={`h-${id}`}
            value={tab.headers}
            onChange={onHeaders}
            commands={commands}
            handleRef={handles.headers}
          />
        }
      />
      {/* The meter's code comes after the GraphQL tools it needs; its line is held till then. */}
      {tools ? (
        <CostMeter
          query={tab.query}
          variables={tab.variables}
          operationName={operationName}
          limits={limits}
          onLimitsChange={onLimitsChange}
        />
      ) : (
        <section aria-label="Query cost" className="cost-meter" />
      )}
    </div>
  );
});
