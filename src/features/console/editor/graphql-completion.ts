import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { getOpts, getSchema, graphqlLanguage, offsetToPos } from 'cm6-graphql';
import { getAutocompleteSuggestions } from 'graphql-language-service';

const WORD_CHAR = /^[a-zA-Z0-9_@(]$/;

/**
 * cm6-graphql's completion source plus `validFor`: the language service is asked once per word
 * (its cost grows with the schema at type positions: ~600 input types on GitHub's schema), and
 * CodeMirror filters that list itself while the word is typed on.
 */
function graphqlCompletionSource(ctx: CompletionContext): CompletionResult | null {
  const schema = getSchema(ctx.state);
  if (!schema) return null;
  const word = ctx.matchBefore(/\w*/);
  if (!word) return null;
  const last = word.text.slice(-1);
  const before = ctx.state.sliceDoc(word.from - 1, word.from);
  if (!ctx.explicit && !WORD_CHAR.test(last) && !WORD_CHAR.test(before)) return null;
  const results = getAutocompleteSuggestions(
    schema,
    ctx.state.doc.toString(),
    offsetToPos(ctx.state.doc, ctx.pos),
    undefined,
    undefined,
    getOpts(ctx.state)?.autocompleteOptions,
  );
  if (results.length === 0) return null;
  return {
    from: word.from,
    validFor: /^\w*$/,
    options: results.map((item): Completion => ({
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
    })),
  };
}

/** Schema-aware GraphQL completion for the query editor. */
export const graphqlCompletion = graphqlLanguage.data.of({ autocomplete: graphqlCompletionSource });
