import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import {
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type Ref,
  type RefObject,
} from 'react';

/** The imperative handle every console editor exposes. */
export interface EditorHandle {
  view: EditorView | null;
  getValue(): string;
  setValue(text: string): void;
  focus(): void;
}

export interface CodeMirrorOptions {
  /** The initial document only: the editor owns the text afterwards. */
  value: string;
  /** The full text, in the same update as every change of the document. */
  onChange(text: string): void;
  handleRef?: Ref<EditorHandle>;
  /** Built once, when the view is created. Read changing inputs through refs. */
  extensions(): Extension;
  onUpdate?(update: ViewUpdate): void;
}

/**
 * Creates one EditorView for the component's lifetime (React never holds the document). The
 * editor owns the text: `onChange` reports it with every change, so whatever is derived from it
 * (and the store that persists it) is never behind the document.
 */
export function useCodeMirror(opts: CodeMirrorOptions): {
  parentRef: RefObject<HTMLDivElement | null>;
  viewRef: RefObject<EditorView | null>;
} {
  const parentRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const latest = useRef(opts);
  useLayoutEffect(() => {
    latest.current = opts;
  });

  useEffect(() => {
    const parent = parentRef.current;
    if (!parent) return;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          latest.current.extensions(),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) latest.current.onChange(u.state.doc.toString());
            latest.current.onUpdate?.(u);
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, []);

  useImperativeHandle(
    opts.handleRef,
    () => ({
      get view() {
        return viewRef.current;
      },
      getValue: () => viewRef.current?.state.doc.toString() ?? latest.current.value,
      setValue(text: string) {
        const view = viewRef.current;
        if (!view) return latest.current.onChange(text);
        view.dispatch({
          changes: { from: 0, to: view.state.doc.length, insert: text },
          userEvent: 'input.replace',
        });
      },
      focus: () => viewRef.current?.focus(),
    }),
    [],
  );

  return { parentRef, viewRef };
}
