import { useLayoutEffect, useRef, type Ref } from 'react';
import { headersDiagnostics } from '../editor/headers-diagnostics';
import type { CommandTarget } from '../commands/command-table.ts';
import { jsonEditorExtensions } from '../editor/json-editor-extensions';
import { useCodeMirror, type EditorHandle } from '../editor/use-code-mirror';

export interface HeadersEditorProps {
  value: string;
  onChange(text: string): void;
  /** The console's commands, bound to their keys in the editor. */
  commands: CommandTarget;
  handleRef?: Ref<EditorHandle>;
}

/**
 * The Headers editor (textbox "Headers editor"): a JSON object of extra request headers with
 * string values. Warns when Authorization is put here (it comes from the connection panel) and
 * about headers a browser will not send.
 */
export function HeadersEditor(props: HeadersEditorProps) {
  const commands = useRef(props.commands);
  useLayoutEffect(() => {
    commands.current = props.commands;
  });
  const { parentRef } = useCodeMirror({
    value: props.value,
    onChange: props.onChange,
    handleRef: props.handleRef,
    extensions: () =>
      jsonEditorExtensions({
        label: 'Headers editor',
        commands,
        diagnostics: headersDiagnostics,
      }),
  });
  return <div ref={parentRef} className="cm-host headers-editor" />;
}
