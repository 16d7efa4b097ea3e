import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import type { EditorView } from '@codemirror/view';
import { getOpts, getSchema, graphqlLanguage, offsetToPos } from 'cm6-graphql';
import type { GraphQLType } from 'graphql';
import {
  CompletionItemKind,
  getAutocompleteSuggestions,
  getContextAtPosition,
  type CompletionItem,
} from 'graphql-language-service';
import { fieldSuggestions } from './field-suggestions';
import { hasRequiredArgs, isCompositeFieldType, leafFieldNames } from './leaf-fields';

/**
 * Where completion opens without Ctrl-Space, as in GraphiQL and Altair: on a letter, and right
 * after `{`, a space (a selection set's next field, the next argument), `(` (arguments), `:`
 * (a value), `$` (variables) and `@` (directives). The language service decides what fits
 * there; where nothing does (a string, a comment) it returns nothing and no list opens.
 */
const TRIGGER_BEFORE = /^[\s{(:$@]$/;

/**
 * The text that completing an object-typed field inserts, as GraphiQL's "fill leafs": the field,
 * `()` when it has required arguments (the cursor goes there), and a selection set of its leaf
 * fields indented under `indent` (the line's indentation); otherwise the cursor ends after the
 * last leaf field. Pure.
 */
export function objectFieldInsert(
  name: string,
  type: GraphQLType,
  indent: string,
  requiredArgs: boolean,
): { insert: string; cursor: number } {
  const head = requiredArgs ? `${name}()` : name;
  const fields = leafFieldNames(type)
    .map((f) => `\n${indent}  ${f}`)
    .join('');
  const insert = `${head} {${fields}\n${indent}}`;
  return { insert, cursor: requiredArgs ? name.length + 1 : insert.length - indent.length - 2 };
}

/** Completion's `apply` for a field of object type (see objectFieldInsert). */
function applyObjectField(label: string, type: GraphQLType) {
  return (view: EditorView, _c: Completion, from: number, to: number) => {
    const state = view.state;
    // Already followed by arguments or a selection set (renaming a field): the name only.
    if (/^\s*[({]/.test(state.sliceDoc(to, to + 200))) {
      view.dispatch({
        changes: { from, to, insert: label },
        selection: { anchor: from + label.length },
        userEvent: 'input.complete',
      });
      return;
    }
    const schema = getSchema(state);
    const doc = state.doc.toString();
    const parent =
      schema && getContextAtPosition(doc, offsetToPos(state.doc, to), schema)?.typeInfo.parentType;
    const field = parent && 'getFields' in parent ? parent.getFields()[label] : undefined;
    const indent = /^[ \t]*/.exec(state.doc.lineAt(from).text)![0];
    const plan = objectFieldInsert(label, type, indent, !!field && hasRequiredArgs(field));
    view.dispatch({
      changes: { from, to, insert: plan.insert },
      selection: { anchor: from + plan.cursor },
      userEvent: 'input.complete',
      scrollIntoView: true,
    });
  };
}

/** A language-service item as CodeMirror shows it. */
function toCompletion(item: CompletionItem): Completion {
  return {
    label: item.label,
    detail: typeof item.detail === 'string' ? item.detail : '',
    info:
      item.documentation || item.deprecationReason
        ? () => {
            const el = document.createElement('div');
            el.textContent = String(item.documentation || item.deprecationReason || '');
            return el;
          }
        : undefined,
    apply:
      item.kind === CompletionItemKind.Field && item.type && isCompositeFieldType(item.type)
        ? applyObjectField(item.label, item.type)
        : undefined,
  };
}

/** Field items are kept per type (field-suggestions.ts), and so are their completions. */
const completions = new WeakMap<CompletionItem, Completion>();

function cachedCompletion(item: CompletionItem): Completion {
  let c = completions.get(item);
  if (!c) completions.set(item, (c = toCompletion(item)));
  return c;
}

/**
 * cm6-graphql's completion source plus `validFor`: the language service is asked once per word
 * (its cost grows with the schema at type positions: ~600 input types on GitHub's schema), and
 * CodeMirror filters that list itself while the word is typed on. Field names, the common case,
 * take the fast path of field-suggestions.ts (same items, no re-parse of the document).
 */
function graphqlCompletionSource(ctx: CompletionContext): CompletionResult | null {
  const schema = getSchema(ctx.state);
  if (!schema) return null;
  const word = ctx.matchBefore(/\w*/);
  if (!word) return null;
  const before = ctx.state.sliceDoc(word.from - 1, word.from);
  if (!ctx.explicit && word.text === '' && !TRIGGER_BEFORE.test(before)) return null;
  const options = getOpts(ctx.state)?.autocompleteOptions;
  const results =
    (options ? undefined : fieldSuggestions(schema, ctx.state.doc, ctx.pos)) ??
    getAutocompleteSuggestions(
      schema,
      ctx.state.doc.toString(),
      offsetToPos(ctx.state.doc, ctx.pos),
      undefined,
      undefined,
      options,
    );
  if (results.length === 0) return null;
  return { from: word.from, validFor: /^\w*$/, options: results.map(cachedCompletion) };
}

/** Schema-aware GraphQL completion for the query editor. */
export const graphqlCompletion = graphqlLanguage.data.of({ autocomplete: graphqlCompletionSource });
