import { standardKeymap } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { foldGutter, foldKeymap, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { EditorState, type Extension, type Text } from '@codemirror/state';
import { drawSelection, EditorView, keymap, lineNumbers } from '@codemirror/view';
import { tags } from '@lezer/highlight';
import { useEffect, useRef } from 'react';
import { extendsDoc } from './read-response.ts';
import { boundParseSlices } from './parse-slices.ts';

const highlight = HighlightStyle.define([
  { tag: tags.propertyName, color: 'var(--syn-property)' },
  { tag: tags.string, color: 'var(--syn-string)' },
  { tag: tags.number, color: 'var(--syn-number)' },
  { tag: [tags.bool, tags.null], color: 'var(--syn-keyword)' },
]);

const theme = EditorView.theme({
  '&': {
    height: '100%',
    fontSize: 'var(--editor-font-size, 13px)',
    backgroundColor: 'var(--bg)',
    color: 'var(--fg)',
  },
  '.cm-scroller': { fontFamily: 'var(--mono)', overflow: 'auto' },
  '.cm-gutters': {
    backgroundColor: 'var(--panel)',
    color: 'var(--muted)',
    borderRight: '1px solid var(--border)',
  },
  '&.cm-focused': { outline: '2px solid var(--accent)', outlineOffset: '-2px' },
  '.cm-panels': { backgroundColor: 'var(--panel)', color: 'var(--fg)' },
  '.cm-searchMatch': { backgroundColor: 'var(--match)' },
});

function extensions(language: 'json' | 'text'): Extension[] {
  return [
    lineNumbers(),
    foldGutter(),
    drawSelection(),
    EditorState.readOnly.of(true),
    // tabindex: focusable as it already is (contenteditable), said so for tools that only count
    // tabindex (axe's scrollable-region-focusable, when a long line scrolls sideways).
    EditorView.contentAttributes.of({
      'aria-label': 'Response body',
      'aria-readonly': 'true',
      tabindex: '0',
    }),
    search({ top: true }),
    highlightSelectionMatches(),
    keymap.of([...searchKeymap, ...foldKeymap, ...standardKeymap]),
    syntaxHighlighting(highlight),
    theme,
    language === 'json' ? json() : [],
  ];
}

/**
 * Read-only CodeMirror view of a response body, with fold, search (Mod-f) and the usual moving
 * and selecting keys (Ctrl/Cmd-End to its last line, Ctrl/Cmd-A to select all). A response that
 * is still arriving grows by appends (scroll position, selection and an open search stay); a new
 * response replaces the document. CodeMirror renders only what is visible, so large bodies stay
 * responsive.
 */
export function ResponseViewer({ doc, language }: { doc: Text; language: 'json' | 'text' }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const shown = useRef<{ doc: Text; language: string } | null>(null);

  useEffect(() => {
    boundParseSlices();
    const v = new EditorView({ parent: host.current! });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    const v = view.current;
    if (!v) return;
    const prev = shown.current;
    shown.current = { doc, language };
    if (prev && prev.language === language && extendsDoc(prev.doc, doc)) {
      if (doc.length > prev.doc.length)
        v.dispatch({ changes: { from: prev.doc.length, insert: doc.slice(prev.doc.length) } });
      return;
    }
    v.setState(EditorState.create({ doc, extensions: extensions(language) }));
  }, [doc, language]);

  return <div className="response-viewer" ref={host} />;
}
