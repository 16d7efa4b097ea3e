import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import { getNamedType, isEnumType, typeFromAST } from 'graphql';
import { operationVariables } from '../lib/variables';
import type { VariablesContext } from './variables-diagnostics';

/**
 * Completes variable names at a property-name position of the top-level object (those not
 * yet present, required first) and enum values in a top-level variable's value position.
 */
export function variablesCompletion(ctx: { current: VariablesContext }) {
  return (cc: CompletionContext): CompletionResult | null => {
    const word = cc.matchBefore(/"?[\w]*"?/);
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
        apply: `"${v.name}": `,
        boost: v.required ? 1 : 0,
      }));
    // closeBrackets may have typed the closing quote already: replace it too.
    const to =
      cc.state.sliceDoc(word.to, word.to + 1) === '"' && !word.text.endsWith('"')
        ? word.to + 1
        : word.to;
    return options.length ? { from: word.from, to, options } : null;
  };
}
