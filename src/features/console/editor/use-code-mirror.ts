import { EditorState, type Extension } from '@codemirror/state';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import { useImperativeHandle, useLayoutEffect, useRef, type Ref, type RefObject } from 'react';

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
  /**
   * Built once. Read changing inputs through refs. A promise (an editor whose setup is a chunk
   * of its own) creates the view when it resolves; until then the handle reads and writes the
   * text through `value` / `onChange`.
   */
  extensions(): Extension | Promise<Extension>;
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

  // Text set through the handle before the view exists: the view starts from it.
  const pending = useRef<string | undefined>(undefined);

  // Created in the commit that inserts the host, before the browser paints: the first frame
  // that shows the editor shows a live one (CodeMirror's first measure is in that frame), and it
  // takes keys from the end of that task on, not a task and a frame later (e2e
  // cold-start.spec.ts).
  useLayoutEffect(() => {
    let view: EditorView | undefined;
    let unmounted = false;
    // A press on the host before the view exists (its chunk on its way): where the caret goes.
    let pressed: { x: number; y: number } | undefined;
    const onPress = (e: PointerEvent) => {
      if (e.button === 0) pressed = { x: e.clientX, y: e.clientY };
    };
    const host = parentRef.current;
    host?.addEventListener('pointerdown', onPress);
    const create = (extensions: Extension) => {
      const parent = parentRef.current;
      host?.removeEventListener('pointerdown', onPress);
      if (unmounted || !parent) return;
      view = new EditorView({
        parent,
        state: EditorState.create({
          doc: pending.current ?? latest.current.value,
          extensions: [
            extensions,
            EditorView.updateListener.of((u) => {
              if (u.docChanged) latest.current.onChange(u.state.doc.toString());
              latest.current.onUpdate?.(u);
            }),
          ],
        }),
      });
      viewRef.current = view;
      // The press asked for this editor: it gets the focus and the caret where the press was,
      // unless the user has gone elsewhere since.
      const active = document.activeElement;
      if (pressed && (!active || active === document.body || parent.contains(active))) {
        const at = view.posAtCoords(pressed) ?? view.state.doc.length;
        view.focus();
        view.dispatch({ selection: { anchor: at } });
      }
    };
    const extensions = latest.current.extensions();
    if (extensions instanceof Promise) void extensions.then(create);
    else create(extensions);
    return () => {
      unmounted = true;
      host?.removeEventListener('pointerdown', onPress);
      view?.destroy();
      viewRef.current = null;
    };
  }, []);

  useImperativeHandle(
    opts.handleRef,
    () => ({
      get view() {
        return viewRef.current;
      },
      getValue: () =>
        viewRef.current?.state.doc.toString() ?? pending.current ?? latest.current.value,
      setValue(text: string) {
        const view = viewRef.current;
        if (!view) {
          pending.current = text;
          return latest.current.onChange(text);
        }
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
