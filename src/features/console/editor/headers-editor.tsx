import { useLayoutEffect, useRef, type Ref } from 'react';
import type { CommandTarget } from '../commands/command-table.ts';
import { loadJsonEditors } from './json-editors-loader';
import { useCodeMirror, type EditorHandle } from './use-code-mirror';
import { endQuietWait } from '../../../shared/lib/schedule.ts';

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
    // Created after the first paint, with its chunk (json-editors.ts).
    extensions: () => loadJsonEditors().then((m) => m.headersEditorExtensions(commands)),
  });
  // Focus or a press in the editor: its language (or its view) is wanted now (page-quiet.ts).
  return (
    <div
      ref={parentRef}
      className="cm-host headers-editor"
      onFocus={endQuietWait}
      onPointerDown={endQuietWait}
    />
  );
}
