import type { GraphQLSchema } from 'graphql';
import { getHoverInformation } from 'graphql-language-service';
import { Position } from 'cm6-graphql';

/**
 * Plain-text hover information for the identifier at `offset` (a field with its type and
 * arguments, an argument, a type, a variable, an enum value, a directive), or '' when there is
 * nothing to say. The text comes from the schema and is shown as text, never as HTML.
 */
export function hoverInfo(schema: GraphQLSchema, text: string, offset: number): string {
  let start = offset;
  while (start > 0 && /\w/.test(text[start - 1]!)) start--;
  if (!/\w/.test(text[start] ?? '')) return '';
  const before = text.lastIndexOf('\n', start - 1);
  const line = countLines(text, start);
  // graphql-language-service wants a position inside the token: one past its first character.
  const character = start - (before + 1) + 1;
  try {
    const info = getHoverInformation(schema, text, new Position(line, character), undefined, {
      useMarkdown: false,
    });
    return typeof info === 'string' ? info : '';
  } catch {
    return '';
  }
}

function countLines(text: string, offset: number): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
