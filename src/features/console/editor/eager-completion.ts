import { autocompletion, completionStatus, currentCompletions } from '@codemirror/autocomplete';
import type { Extension } from '@codemirror/state';
import { ViewPlugin, type EditorView, type PluginValue, type ViewUpdate } from '@codemirror/view';

type CompletionConfig = NonNullable<Parameters<typeof autocompletion>[0]>;

/** The parts of @codemirror/autocomplete's (unexported) completion plugin we call. */
interface CompletionPluginInstance {
  debounceUpdate: number;
  startUpdate(): void;
}

function isCompletionPlugin(value: unknown): value is CompletionPluginInstance {
  const v = value as Partial<CompletionPluginInstance> | null;
  return !!v && typeof v.startUpdate === 'function' && typeof v.debounceUpdate === 'number';
}

/**
 * `autocompletion(config)` whose list opens, placed, in the same frame as the typed letter.
 *
 * CodeMirror starts a completion that typing made pending from `setTimeout(…,
 * activateOnTypingDelay)`. Chromium runs that timer only after the frame that follows the
 * keystroke (input and rendering come first), so even with a delay of 0 the list is painted one
 * frame late (bench row "completion"). When the delay is 0, this starts the pending query in a
 * microtask right after the typing transaction instead; the (synchronous) sources then answer
 * before the frame.
 *
 * It reaches the plugin through `autocompletion()`'s own extension array and calls its
 * `startUpdate`, which the timer would have called: if a future version renames it, the check
 * below fails and completion simply keeps CodeMirror's timer.
 */
export function eagerAutocompletion(config: CompletionConfig): Extension {
  const ext = autocompletion(config);
  if ((config.activateOnTypingDelay ?? 100) > 0 || !Array.isArray(ext)) return ext;
  const plugin = ext.find((e): e is ViewPlugin<PluginValue> => e instanceof ViewPlugin);
  if (!plugin) return ext;
  const eager = ViewPlugin.define((view) => ({
    update(u) {
      if (listBuilt(u)) queueMicrotask(() => measureNow(view));
      if (!u.transactions.some((tr) => tr.isUserEvent('input.type'))) return;
      if (completionStatus(u.state) !== 'pending') return;
      queueMicrotask(() => {
        const p: unknown = view.plugin(plugin);
        if (!isCompletionPlugin(p) || p.debounceUpdate < 0) return;
        clearTimeout(p.debounceUpdate);
        p.startUpdate();
      });
    },
  }));
  return [ext, eager];
}

/**
 * This update opened the completion list or gave it new options. CodeMirror places the list (its
 * tooltip waits at `top: -10000px`) in the measure of the next animation frame, so that frame
 * would read the layout, write positions and lay out again before it could paint. Measuring in a
 * microtask right after the update does that work while the keystroke's task is still running
 * (CodeMirror measures after this update anyway; `measure()` cancels its frame callback), and
 * the frame only paints (`TRACE=1 bench/profile-completion.ts`; e2e `console-editor.spec.ts`).
 */
function listBuilt(u: ViewUpdate): boolean {
  if (completionStatus(u.state) !== 'active') return false;
  return currentCompletions(u.state) !== currentCompletions(u.startState);
}

/**
 * The view's `measure()`, which its frame callback runs (marked internal: left out of
 * CodeMirror's types). If a future version drops it, the list is placed in the next frame, as
 * before.
 */
function measureNow(view: EditorView): void {
  const v = view as EditorView & { measure?: unknown };
  if (typeof v.measure === 'function') (v.measure as () => void).call(view);
}
