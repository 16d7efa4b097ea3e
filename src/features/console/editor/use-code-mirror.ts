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

/** How long typing may pause before `onChange` reports the text. */
export const CHANGE_DEBOUNCE_MS = 300;

export interface CodeMirrorOptions {
  /** The initial document only: the editor owns the text afterwards. */
  value: string;
  onChange(text: string): void;
  handleRef?: Ref<EditorHandle>;
  /** Built once, when the view is created. Read changing inputs through refs. */
  extensions(): Extension;
  onUpdate?(update: ViewUpdate): void;
}

/**
 * Creates one EditorView for the component's lifetime (React never holds the document).
 * `onChange` gets the full text debounced, and immediately on blur, on page hide and on
 * unmount, so that nothing typed is lost when the tab switches or the page reloads.
 */
export function useCodeMirror(opts: CodeMirrorOptions): {
  parentRef: RefObject<HTMLDivElement | null>;
  viewRef: RefObject<EditorView | null>;
} {
  const parentRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const latest = useRef(opts);
  const flushRef = useRef<() => void>(() => {});
  useLayoutEffect(() => {
    latest.current = opts;
  });

  useEffect(() => {
    const parent = parentRef.current;
    if (!parent) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const view = new EditorView({
      parent,
      state: EditorState.create({
        doc: latest.current.value,
        extensions: [
          latest.current.extensions(),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) {
              if (timer !== undefined) clearTimeout(timer);
              timer = setTimeout(flush, CHANGE_DEBOUNCE_MS);
            }
            latest.current.onUpdate?.(u);
          }),
          EditorView.domEventHandlers({ blur: () => flush() }),
        ],
      }),
    });
    function flush() {
      if (timer === undefined) return;
      clearTimeout(timer);
      timer = undefined;
      latest.current.onChange(view.state.doc.toString());
    }
    flushRef.current = flush;
    viewRef.current = view;
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flush();
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
        flushRef.current();
      },
      focus: () => viewRef.current?.focus(),
    }),
    [],
  );

  return { parentRef, viewRef };
}
