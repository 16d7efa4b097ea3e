import { updateSchema } from 'cm6-graphql';
import type { GraphQLSchema } from 'graphql';
import { useEffect, useLayoutEffect, useRef, type Ref } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { queryExtensions, type QueryCallbacks } from '../editor/query-extensions';
import { useCodeMirror, type EditorHandle } from '../editor/use-code-mirror';

export interface QueryEditorProps {
  /** Initial document (the component is remounted with `key` for another tab). */
  value: string;
  /** The full text, with every change of the document. */
  onChange(text: string): void;
  schema?: GraphQLSchema;
  /** The console's commands, bound to their keys in the editor. */
  commands: CommandTarget;
  /** Mod-click on a field or type. */
  onShowInDocs(ref: { type: string; field?: string }): void;
  /** Cursor offset, to pick the operation under the cursor. */
  onCursorChange?(offset: number): void;
  handleRef?: Ref<EditorHandle>;
}

/**
 * The GraphQL query editor (textbox "Query editor"): highlighting, schema-aware completion,
 * validation as you type, hover info, Mod-click to Docs, the console's command keys
 * (commands/command-table.ts), Ctrl-/ comment and Mod-f search.
 */
export function QueryEditor(props: QueryEditorProps) {
  const callbacks = useRef<QueryCallbacks>(props);
  const schemaAtMount = useRef(props.schema);
  useLayoutEffect(() => {
    callbacks.current = props;
  });
  const { parentRef, viewRef } = useCodeMirror({
    value: props.value,
    onChange: props.onChange,
    handleRef: props.handleRef,
    extensions: () => queryExtensions(schemaAtMount.current, callbacks),
    onUpdate(u) {
      if (u.selectionSet || u.docChanged) props.onCursorChange?.(u.state.selection.main.head);
    },
  });
  useEffect(() => {
    const view = viewRef.current;
    if (view && schemaAtMount.current !== props.schema) {
      schemaAtMount.current = props.schema;
      updateSchema(view, props.schema);
    }
  }, [props.schema, viewRef]);
  return <div ref={parentRef} className="cm-host query-editor" />;
}
