import type { Extension } from '@codemirror/state';
import { drawSelection, EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

/** Half a blink: how long the caret is shown, then hidden (CodeMirror's own cycle is 1.2 s). */
const BLINK_HALF_MS = 600;

/** The class on the editor while the caret is in the hidden half of a blink. */
const CARET_OFF_CLASS = 'cm-caret-off';

/**
 * The caret blinks from a timer, and stays lit while the user types or moves it; blinking
 * resumes after a pause of BLINK_HALF_MS.
 *
 * CodeMirror blinks its drawn caret with an infinite CSS animation. As long as an animation runs,
 * Chromium produces a frame at every vsync, so the frame that shows a keystroke (a completion
 * list) waits for the next vsync: on average half a frame. Without it the frame comes as soon as
 * the keystroke's task ends (bench row "completion"). A timer that flips a class costs one frame
 * per flip.
 */
const blink = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setTimeout> | undefined;
    private off = false;

    constructor(private readonly view: EditorView) {
      if (view.hasFocus) this.restart();
    }

    update(u: ViewUpdate) {
      if (u.focusChanged && !this.view.hasFocus) return this.stop();
      if (u.focusChanged || u.docChanged || u.selectionSet) this.restart();
    }

    /** The caret lit now, the next flip after a pause. */
    private restart() {
      this.show(true);
      clearTimeout(this.timer);
      this.timer = setTimeout(this.flip, BLINK_HALF_MS);
    }

    private readonly flip = () => {
      if (!this.view.hasFocus) return this.stop();
      this.show(this.off);
      this.timer = setTimeout(this.flip, BLINK_HALF_MS);
    };

    private show(lit: boolean) {
      this.off = !lit;
      this.view.dom.classList.toggle(CARET_OFF_CLASS, this.off);
    }

    private stop() {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.show(true);
    }

    destroy() {
      clearTimeout(this.timer);
    }
  },
);

/** `drawSelection` without CodeMirror's CSS blink, and the timer blink above. */
export function drawnCaret(): Extension {
  return [
    drawSelection({ cursorBlinkRate: 0 }),
    blink,
    EditorView.theme({
      // No CSS animation at all: a zero-length infinite one (what `cursorBlinkRate: 0` leaves)
      // still kept the frames ticking. Important: CodeMirror names the animation inline.
      '&.cm-focused > .cm-scroller > .cm-cursorLayer': { animation: 'none !important' },
      [`&.${CARET_OFF_CLASS} .cm-cursorLayer`]: { visibility: 'hidden' },
    }),
  ];
}
