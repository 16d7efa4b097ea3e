import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import type { Extension } from '@codemirror/state';
import { tags as t } from '@lezer/highlight';
import './syntax-colours.css';

const highlight = HighlightStyle.define([
  { tag: t.keyword, color: 'var(--cm-keyword)' },
  { tag: t.definitionKeyword, color: 'var(--cm-def-keyword)' },
  { tag: t.propertyName, color: 'var(--cm-property)' },
  { tag: t.attributeName, color: 'var(--cm-attribute)' },
  { tag: t.variableName, color: 'var(--cm-variable)' },
  { tag: [t.string, t.special(t.string)], color: 'var(--cm-string)' },
  { tag: [t.number, t.integer, t.float, t.bool, t.null], color: 'var(--cm-number)' },
  { tag: [t.atom, t.special(t.name), t.typeName], color: 'var(--cm-atom)' },
  { tag: [t.comment, t.lineComment], color: 'var(--cm-comment)', fontStyle: 'italic' },
  { tag: t.modifier, color: 'var(--cm-modifier)' },
  { tag: [t.punctuation, t.brace, t.paren, t.separator], color: 'var(--cm-punct)' },
]);

/** The console editors' syntax colours (CSS variables: syntax-colours.css). */
export const syntaxColours: Extension = syntaxHighlighting(highlight);
