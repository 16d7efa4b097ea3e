import { linter, type Action, type Diagnostic } from '@codemirror/lint';
import { StateEffect, type Extension } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';
import { scanJson } from '../run/json-scan.ts';
import { parseVariables } from '../run/parse-variables.ts';
import { whenIdle } from '../../../shared/lib/schedule.ts';
import { costHintSteps, type CostFix } from './cost-hints';
import type { EditorHandleLike } from './editor-handle.ts';
import type { CostHintInputs } from './query-extensions';

/*
 * The cost hints (cost-hints.ts) as lint diagnostics of the query editor: computed with the
 * editor's other diagnostics once typing pauses (the linter's delay), never per keystroke;
 * listed in the lint panel (Mod-. in the query editor; a letter applies a fix there) and shown
 * on hover.
 */

/** The limits or the variables changed: the hints are computed again. */
const costInputsChanged = StateEffect.define<null>();

export function refreshCostHints(view: EditorView): void {
  view.dispatch({ effects: costInputsChanged.of(null) });
}

/**
 * Sets the top-level member `name` of the Variables JSON to `value`, in the Variables editor's
 * own history when its view exists. False when the text has no such member (it changed since).
 */
export function setVariableValue(
  handle: EditorHandleLike | null,
  name: string,
  value: number,
): boolean {
  if (!handle) return false;
  const text = handle.getValue();
  const scan = scanJson(text);
  // A variable's name never holds `.` or `[`, so its path key is the name itself.
  const span = scan.ok ? scan.spans.get(name) : undefined;
  if (!span) return false;
  const insert = String(value);
  if (handle.view) handle.view.dispatch({ changes: { from: span.from, to: span.to, insert } });
  else handle.setValue(text.slice(0, span.from) + insert + text.slice(span.to));
  return true;
}

/**
 * The fix of a hint at `at` in `text`. A query edit is placed relative to the diagnostic (which
 * the editor maps through later edits) and applied only where the text it replaces still is.
 */
function action(
  fix: CostFix,
  at: number,
  text: string,
  inputs: () => CostHintInputs | undefined,
): Action {
  const old = fix.kind === 'query' ? text.slice(fix.from, fix.to) : '';
  return {
    name: fix.label,
    apply(view, from) {
      if (fix.kind === 'query') {
        const start = from + (fix.from - at);
        if (start < 0 || view.state.sliceDoc(start, start + old.length) !== old) return;
        view.dispatch({
          changes: { from: start, to: start + old.length, insert: fix.insert },
          userEvent: 'input.cost-hint',
        });
      } else {
        setVariableValue(inputs()?.variablesEditor() ?? null, fix.name, fix.value);
      }
    },
  };
}

/** The longest a step of the hints waits for an idle moment (ms). */
const STEP_TIMEOUT_MS = 100;

/**
 * The hints of the query editor's text with the inputs of the moment (none without inputs),
 * one step per idle moment; given up when the text changes meanwhile (a new pass follows).
 */
export function costHintsLinter(inputs: () => CostHintInputs | undefined): Extension {
  return linter(
    async (view): Promise<Diagnostic[]> => {
      const i = inputs();
      if (!i) return [];
      const vars = parseVariables(i.variables);
      const doc = view.state.doc;
      const text = doc.toString();
      const steps = costHintSteps(text, vars.ok ? vars.value : {}, i.limits);
      let step = steps.next();
      while (!step.done) {
        await new Promise<void>((resolve) => whenIdle(resolve, STEP_TIMEOUT_MS));
        if (view.state.doc !== doc) return [];
        step = steps.next();
      }
      return step.value.map((h) => ({
        from: h.from,
        to: h.to,
        severity: h.severity,
        message: h.message,
        actions: h.fix ? [action(h.fix, h.from, text, inputs)] : [],
      }));
    },
    {
      needsRefresh: (u) =>
        u.transactions.some((tr) => tr.effects.some((e) => e.is(costInputsChanged))),
    },
  );
}
