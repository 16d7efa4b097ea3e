import { Compartment } from '@codemirror/state';
import type { GraphQLSchema } from 'graphql';
import { useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { whenIdleAfterPaint } from '../../../shared/lib/schedule.ts';
import { queryExtensions, type QueryCallbacks } from './query-extensions';
import { loadQueryLanguage, onQueryLanguage } from './query-language-loader';
import { useCodeMirror, type EditorHandle } from './use-code-mirror';
import { endQuietWait } from '../../../shared/lib/schedule.ts';

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
 * (commands/command-table.ts), Ctrl-/ comment and Mod-f search. It accepts text at once; the
 * GraphQL language (query-language.ts) is requested after the first paint and plugged in
 * through a compartment when it arrives.
 */
export function QueryEditor(props: QueryEditorProps) {
  const callbacks = useRef<QueryCallbacks>(props);
  const latestSchema = useRef(props.schema);
  const [language] = useState(() => new Compartment());
  // The schema the view's language was given (at load or by `updateSchema` since).
  const schemaInView = useRef<GraphQLSchema | undefined>(undefined);
  const [lang, setLang] = useState<Awaited<ReturnType<typeof loadQueryLanguage>>>();
  useLayoutEffect(() => {
    callbacks.current = props;
    latestSchema.current = props.schema;
  });
  const { parentRef, viewRef } = useCodeMirror({
    value: props.value,
    onChange: props.onChange,
    handleRef: props.handleRef,
    extensions: () => queryExtensions(callbacks, language),
    onUpdate(u) {
      if (u.selectionSet || u.docChanged) props.onCursorChange?.(u.state.selection.main.head);
    },
  });
  useEffect(() => {
    let live = true;
    // Plugged in when the chunk arrives, whoever asked for it: the page once quiet (below), or
    // a command that needs it first (prettify, merge, fill: their change then has its undo).
    const off = onQueryLanguage((m) => {
      const view = viewRef.current;
      if (!live || !view) return;
      schemaInView.current = latestSchema.current;
      view.dispatch({
        effects: language.reconfigure(m.queryLanguage(schemaInView.current, callbacks)),
      });
      // A `(` or a letter typed before the language came gets its list now.
      if (schemaInView.current) m.completeAfterSchema(view);
      setLang(m);
    });
    void whenIdleAfterPaint().then(loadQueryLanguage);
    return () => {
      live = false;
      off();
    };
  }, [language, viewRef]);
  useEffect(() => {
    const view = viewRef.current;
    if (lang && view && schemaInView.current !== props.schema) {
      schemaInView.current = props.schema;
      lang.updateSchema(view, props.schema);
      // A name typed before the schema was in gets its completion list now.
      if (props.schema) lang.completeAfterSchema(view);
    }
  }, [lang, props.schema, viewRef]);
  // Focus or a press in the editor: its language (or its view) is wanted now (page-quiet.ts).
  return (
    <div
      ref={parentRef}
      className="cm-host query-editor"
      onFocus={endQuietWait}
      onPointerDown={endQuietWait}
    />
  );
}
