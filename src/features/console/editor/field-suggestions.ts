import type { Text } from '@codemirror/state';
import {
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';
import {
  CharacterStream,
  CompletionItemKind,
  getTypeInfo,
  onlineParser,
  RuleKinds,
  type CompletionItem,
  type State,
} from 'graphql-language-service';

/*
 * The language service's answer for a field name (`getAutocompleteSuggestions` in a selection
 * set), without its per-call costs: it parses the whole document twice with graphql-js (fragment
 * definitions, document mode; an unfinished query throws both times), tokenizes every line
 * (also those after the cursor) and rebuilds one item per field of the parent type. Here the
 * online parser runs from the start of the cursor's line (the state there is kept between
 * calls while the text before that line is unchanged), the items of a type are built once, and
 * `hintList` below filters them exactly as the language service does. Any other position gets
 * `undefined`: the caller asks the language service (`graphql-completion.ts`).
 */

/** Where the parser stood at the start of a line, and the text before that line. */
interface LineStart {
  before: Text;
  line: number;
  state: State;
}

let lastStart: LineStart | undefined;

function copyState(state: State): State {
  // The parser replaces `levels` and never changes a `prevState` it has pushed.
  return { ...state };
}

/** The parser state at the start of line `line` (1-based) of `doc`. */
function stateAtLine(doc: Text, line: number): State {
  const parser = onlineParser();
  const from = doc.line(line).from;
  const before = doc.slice(0, from);
  const cached = lastStart;
  let state: State;
  let next: number;
  if (
    cached &&
    cached.line <= line &&
    cached.before.length <= from &&
    doc.slice(0, cached.before.length).eq(cached.before)
  ) {
    if (cached.line === line) return copyState(cached.state);
    state = copyState(cached.state);
    next = cached.line;
  } else {
    state = parser.startState();
    next = 1;
  }
  for (; next < line; next++) {
    const stream = new CharacterStream(doc.line(next).text);
    while (!stream.eol()) parser.token(stream, state);
    if (!state.kind) state = parser.startState();
  }
  lastStart = { before, line, state: copyState(state) };
  return state;
}

/**
 * As graphql-language-service's `getTokenAtPosition(text, cursor, 1)`: the token that ends at
 * or after the cursor on its line, and the parser state after it. On an empty line the language
 * service falls back to the last token of the whole document; so does this.
 */
function tokenAt(doc: Text, pos: number): { string: string; state: State } {
  const line = doc.lineAt(pos);
  const character = pos - line.from;
  const parser = onlineParser();
  let state = stateAtLine(doc, line.number);
  let stream = new CharacterStream(line.text);
  let found: { string: string; state: State } | undefined;
  while (!stream.eol()) {
    parser.token(stream, state);
    if (stream.getCurrentPosition() >= character) {
      found = { string: stream.current(), state: copyState(state) };
      break;
    }
  }
  found ??= { string: stream.current(), state: copyState(state) };
  if (found.string) return found;
  while (!stream.eol()) parser.token(stream, state);
  for (let next = line.number + 1; next <= doc.lines; next++) {
    if (!state.kind) state = parser.startState();
    stream = new CharacterStream(doc.line(next).text);
    while (!stream.eol()) parser.token(stream, state);
  }
  return { string: stream.current(), state: found.state };
}

interface FieldLike {
  name: string;
  type: GraphQLType;
  description?: string | null;
  deprecationReason?: string | null;
}

const itemsByType = new WeakMap<object, CompletionItem[]>();

/** The items the language service lists for a type's fields (`getSuggestionsForFieldNames`). */
function fieldItems(schema: GraphQLSchema, parentType: GraphQLType): CompletionItem[] {
  const cached = itemsByType.get(parentType);
  if (cached) return cached;
  // Structural checks: the language service may use another graphql copy (Node's in tests).
  const fields: FieldLike[] =
    'getFields' in parentType ? Object.values<FieldLike>(parentType.getFields()) : [];
  if ('getInterfaces' in parentType || 'getTypes' in parentType) fields.push(TypeNameMetaFieldDef);
  if (parentType === schema.getQueryType()) fields.push(SchemaMetaFieldDef, TypeMetaFieldDef);
  const items = fields.map((field, index): CompletionItem => ({
    sortText: String(index) + field.name,
    label: field.name,
    detail: String(field.type),
    documentation: field.description ?? undefined,
    deprecated: Boolean(field.deprecationReason),
    isDeprecated: Boolean(field.deprecationReason),
    deprecationReason: field.deprecationReason,
    kind: CompletionItemKind.Field,
    labelDetails: { detail: ' ' + String(field.type) },
    type: field.type,
  }));
  itemsByType.set(parentType, items);
  return items;
}

/**
 * The language service's suggestions at `pos` when it is a field name in a selection set (the
 * same items, in the same order), else `undefined`.
 */
export function fieldSuggestions(
  schema: GraphQLSchema,
  doc: Text,
  pos: number,
): CompletionItem[] | undefined {
  const token = tokenAt(doc, pos);
  const state = token.state.kind === 'Invalid' ? token.state.prevState : token.state;
  if (!state) return undefined;
  const { kind, prevState } = state;
  if (kind !== RuleKinds.SELECTION_SET && kind !== RuleKinds.FIELD && kind !== 'AliasedField')
    return undefined;
  // Positions the language service answers before field names (type-system extensions).
  if (prevState?.prevState?.kind === RuleKinds.EXTENSION_DEFINITION && state.name) return undefined;
  if (prevState?.kind && /Extension$/.test(prevState.kind)) return undefined;
  const { parentType } = getTypeInfo(schema, token.state);
  if (!parentType) return [];
  return hintList(token.string, fieldItems(schema, parentType));
}

// hintList, filterAndSortList, getProximity and lexicalDistance: graphql-language-service 5.7.0
// (src/interface/autocompleteUtils.ts, MIT licence, © GraphQL Contributors), unchanged in effect;
// a list's normalized labels are kept with it and the distance reuses its rows, as it runs for
// every field of the type at each keystroke.

/** The normalized labels of a list of items, in order (items lists are built once per type). */
const normalizedLabels = new WeakMap<CompletionItem[], string[]>();

function hintList(tokenString: string, list: CompletionItem[]): CompletionItem[] {
  const text = normalizeText(tokenString);
  if (!text || text.trim() === '' || text.trim() === ':' || text.trim() === '{')
    return filterNonEmpty(list, (entry) => !entry.isDeprecated);
  let labels = normalizedLabels.get(list);
  if (!labels) normalizedLabels.set(list, (labels = list.map((e) => normalizeText(e.label))));
  const byProximity = list.map((entry, i) => ({
    proximity: getProximity(labels[i]!, text),
    entry,
  }));
  return filterNonEmpty(
    filterNonEmpty(byProximity, (pair) => pair.proximity <= 2),
    (pair) => !pair.entry.isDeprecated,
  )
    .sort(
      (a, b) =>
        (a.entry.isDeprecated ? 1 : 0) - (b.entry.isDeprecated ? 1 : 0) ||
        a.proximity - b.proximity ||
        a.entry.label.length - b.entry.label.length,
    )
    .map((pair) => pair.entry);
}

function filterNonEmpty<T>(array: T[], predicate: (entry: T) => boolean): T[] {
  const filtered = array.filter(predicate);
  return filtered.length === 0 ? array : filtered;
}

function normalizeText(text: string): string {
  return text.toLowerCase().replaceAll(/\W/g, '');
}

function getProximity(suggestion: string, text: string): number {
  let proximity = lexicalDistance(text, suggestion);
  if (suggestion.length > text.length) {
    proximity -= suggestion.length - text.length - 1;
    proximity += suggestion.indexOf(text) === 0 ? 0 : 0.5;
  }
  return proximity;
}

/** Rows i - 2, i - 1 and i of the distance table, reused (grown when a label is longer). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)] as const;

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
function lexicalDistance(a: string, b: string): number {
  if (rows[0].length <= b.length) {
    const n = 2 * (b.length + 1);
    rows = [new Int32Array(n), new Int32Array(n), new Int32Array(n)];
  }
  let [older, prev, row] = rows;
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    [older, prev, row] = [prev, row, older];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, older[j - 2]! + cost);
    }
  }
  return row[b.length]!;
}
