import {
  insertCompletionText,
  type Completion,
  type CompletionContext,
  type CompletionResult,
} from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { syntaxTree } from '@codemirror/language';
import { getNamedType, isEnumType, typeFromAST } from 'graphql';
import { operationVariables } from '../run/variables';
import type { VariablesContext } from './variables-diagnostics';

/**
 * Completes variable names at a property-name position of the top-level object (those not
 * yet present, required first) and enum values in a top-level variable's value position.
 */
export function variablesCompletion(ctx: { current: VariablesContext }) {
  return (cc: CompletionContext): CompletionResult | null => {
    const closed = cc.matchBefore(/"\w*"/);
    const word = closed ?? cc.matchBefore(/"?\w*/);
    if (!word || (word.from === word.to && !cc.explicit)) return null;
    const node = syntaxTree(cc.state).resolveInner(cc.pos, -1);
    const object =
      node.name === 'Object'
        ? node
        : node.parent?.name === 'Object'
          ? node.parent
          : node.parent?.parent;
    const inTopObject = object?.name === 'Object' && object.parent?.name === 'JsonText';
    const before = cc.state.sliceDoc(Math.max(0, word.from - 200), word.from);
    const vars = operationVariables(ctx.current.query, ctx.current.operationName);
    if (!vars.length) return null;

    const valueOf = /"(\w+)"\s*:\s*$/.exec(before);
    if (valueOf && inTopObject) {
      const v = vars.find((x) => x.name === valueOf[1]);
      const schema = ctx.current.schema;
      const type = v && schema ? typeFromAST(schema, v.typeNode) : undefined;
      const named = type ? getNamedType(type) : undefined;
      if (!named || !isEnumType(named)) return null;
      return {
        from: word.from,
        options: named
          .getValues()
          .map((e) => ({ label: JSON.stringify(e.name), detail: named.name })),
      };
    }
    if (!inTopObject) return null;
    if (!/(^|[{,])\s*$/.test(before)) return null;
    const present = new Set<string>();
    try {
      Object.keys(JSON.parse(cc.state.sliceDoc()) as object).forEach((k) => present.add(k));
    } catch {
      for (const m of cc.state.sliceDoc().matchAll(/"(\w+)"\s*:/g)) present.add(m[1]!);
    }
    const options = vars
      .filter((v) => !present.has(v.name))
      .map((v) => ({
        label: `"${v.name}"`,
        detail: v.type,
        apply: applyName(`"${v.name}": `),
        boost: v.required ? 1 : 0,
      }));
    return options.length ? { from: word.from, options } : null;
  };
}

/** Inserts `"name": `, also replacing a closing quote that closeBrackets typed after the cursor. */
function applyName(text: string) {
  return (view: EditorView, _c: Completion, from: number, to: number) => {
    const typed = view.state.sliceDoc(from, to);
    const typedClosed = typed.length >= 2 && typed.endsWith('"');
    const end = !typedClosed && view.state.sliceDoc(to, to + 1) === '"' ? to + 1 : to;
    view.dispatch(insertCompletionText(view.state, text, from, end));
  };
}
