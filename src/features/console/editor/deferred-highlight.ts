import { syntaxTree, type HighlightStyle } from '@codemirror/language';
import {
  Prec,
  RangeSetBuilder,
  StateEffect,
  type ChangeSet,
  type Extension,
  type Transaction,
} from '@codemirror/state';
import {
  Decoration,
  EditorView,
  ViewPlugin,
  type DecorationSet,
  type PluginValue,
  type ViewUpdate,
} from '@codemirror/view';
import { highlightTree } from '@lezer/highlight';
import { whenIdle } from '../../../shared/lib/schedule.ts';

/** The longest a typed word waits for its colour when the page is busy (ms). */
const COLOUR_WITHIN_MS = 100;

/** Asks the highlighter to colour what typing left plain (dispatched after the paint). */
const colourTyped = StateEffect.define<null>();

type Tree = ReturnType<typeof syntaxTree>;

/** A GraphQL name's characters (and JSON's words): what starts a token of its own. */
const WORD = /^\w+$/;

/**
 * Whether these transactions only typed word characters at one place that touches no coloured
 * text (`marks`, before the change): a new word in plain text, such as the first letter of a
 * field after `{ `. The browser has already put the letter into the plain text node under the
 * caret. Colouring it at once would wrap it in a span of its own, and CodeMirror would then set
 * the selection again (Chromium lays out the page for that) within the keystroke.
 */
export function typedNewWord(
  transactions: readonly Transaction[],
  changes: ChangeSet,
  marks: DecorationSet,
): boolean {
  if (!transactions.length || !transactions.every((tr) => tr.isUserEvent('input.type')))
    return false;
  let inserts = 0;
  let plainWord = true;
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    inserts++;
    if (fromA !== toA || !WORD.test(inserted.toString())) plainWord = false;
    else
      marks.between(fromA, toA, () => {
        plainWord = false;
        return false;
      });
  });
  return inserts === 1 && plainWord;
}

class DeferredHighlighter implements PluginValue {
  decorations: DecorationSet;
  private tree: Tree;
  private decoratedFrom: number;
  private decoratedTo: number;
  private readonly markCache: Record<string, Decoration> = Object.create(null);
  private cancel: (() => void) | undefined;

  constructor(
    private readonly view: EditorView,
    private readonly style: HighlightStyle,
  ) {
    this.tree = syntaxTree(view.state);
    this.decorations = this.build();
    this.decoratedFrom = view.viewport.from;
    this.decoratedTo = view.viewport.to;
  }

  update(u: ViewUpdate): void {
    const tree = syntaxTree(u.state);
    const { viewport } = u.view;
    const decoratedToMapped = u.changes.mapPos(this.decoratedTo, 1);
    const asked = u.transactions.some((tr) => tr.effects.some((e) => e.is(colourTyped)));
    // Typing at the end of a short document moves the viewport's end with it: still covered.
    const covered =
      u.changes.mapPos(this.decoratedFrom, -1) <= viewport.from && decoratedToMapped >= viewport.to;
    if (
      !asked &&
      covered &&
      u.docChanged &&
      typedNewWord(u.transactions, u.changes, this.decorations)
    ) {
      // The colours around stay where they were; the new word is coloured after the paint.
      this.decorations = this.decorations.map(u.changes);
      this.decoratedFrom = u.changes.mapPos(this.decoratedFrom, -1);
      this.decoratedTo = decoratedToMapped;
      this.cancel ??= whenIdle(() => {
        this.cancel = undefined;
        this.view.dispatch({ effects: colourTyped.of(null) });
      }, COLOUR_WITHIN_MS);
      return;
    }
    // Updates without a change in the same keystroke (the completion list opening) leave the
    // new word for the paint as well.
    if (this.cancel && !asked && !u.docChanged && !u.viewportChanged) return;
    // CodeMirror's own highlighter's rules: while the parse has not reached the end of the
    // viewport, the colours move with the text; otherwise they follow the new tree.
    if (
      tree.length < viewport.to &&
      tree.type === this.tree.type &&
      decoratedToMapped >= viewport.to
    ) {
      this.decorations = this.decorations.map(u.changes);
      this.decoratedFrom = u.changes.mapPos(this.decoratedFrom, -1);
      this.decoratedTo = decoratedToMapped;
    } else if (asked || tree !== this.tree || u.viewportChanged) {
      this.tree = tree;
      this.decorations = this.build();
      this.decoratedFrom = viewport.from;
      this.decoratedTo = viewport.to;
      this.cancel?.();
      this.cancel = undefined;
    }
  }

  destroy(): void {
    this.cancel?.();
  }

  private build(): DecorationSet {
    if (!this.tree.length) return Decoration.none;
    const builder = new RangeSetBuilder<Decoration>();
    for (const { from, to } of this.view.visibleRanges)
      highlightTree(
        this.tree,
        this.style,
        (f, t, cls) => builder.add(f, t, (this.markCache[cls] ??= Decoration.mark({ class: cls }))),
        from,
        to,
      );
    return builder.finish();
  }
}

/**
 * `syntaxHighlighting(style)`, except that a new word typed into plain text is coloured in a
 * task after the next paint rather than within the keystroke (`typedNewWord`): the letter and
 * the completion list it opens are drawn first, the letter's colour a frame later. Every other
 * change is coloured at once, by CodeMirror's own rules. `style` must not depend on the theme
 * (ours colours through CSS variables).
 */
export function deferredHighlighting(style: HighlightStyle): Extension {
  return [
    Prec.high(
      ViewPlugin.define((view) => new DeferredHighlighter(view, style), {
        decorations: (v) => v.decorations,
      }),
    ),
    style.module ? EditorView.styleModule.of(style.module) : [],
  ];
}
