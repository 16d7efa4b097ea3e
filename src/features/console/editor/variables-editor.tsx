import type { GraphQLSchema } from 'graphql';
import { useEffect, useLayoutEffect, useRef, type Ref } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { loadJsonEditors } from './json-editors-loader';
import { useCodeMirror, type EditorHandle } from './use-code-mirror';
import type { VariablesContext } from './variables-diagnostics';
import { endQuietWait } from '../../../shared/lib/schedule.ts';

export interface VariablesEditorProps {
  value: string;
  onChange(text: string): void;
  /** The query the variables belong to (its variable definitions drive validation). */
  query: string;
  schema?: GraphQLSchema;
  operationName?: string;
  /** The console's commands, bound to their keys in the editor. */
  commands: CommandTarget;
  handleRef?: Ref<EditorHandle>;
}

/**
 * The Variables editor (textbox "Variables editor"): JSON with syntax errors at the exact spot,
 * validation against the operation's variable definitions (missing required, wrong types,
 * unknown names) and completion of variable names and enum values.
 */
export function VariablesEditor(props: VariablesEditorProps) {
  const ctx = useRef<VariablesContext>(props);
  const commands = useRef(props.commands);
  useLayoutEffect(() => {
    ctx.current = { query: props.query, schema: props.schema, operationName: props.operationName };
    commands.current = props.commands;
  });
  const { parentRef, viewRef } = useCodeMirror({
    value: props.value,
    onChange: props.onChange,
    handleRef: props.handleRef,
    // Created after the first paint, with its chunk (json-editors.ts).
    extensions: () => loadJsonEditors().then((m) => m.variablesEditorExtensions(ctx, commands)),
  });
  useEffect(() => {
    const view = viewRef.current;
    if (view) void loadJsonEditors().then((m) => m.relint(view));
  }, [props.query, props.schema, props.operationName, viewRef]);
  // Focus or a press in the editor: its language (or its view) is wanted now (page-quiet.ts).
  return (
    <div
      ref={parentRef}
      className="cm-host variables-editor"
      onFocus={endQuietWait}
      onPointerDown={endQuietWait}
    />
  );
}
