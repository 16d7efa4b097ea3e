import type { GraphQLSchema } from 'graphql';
import { getContextAtPosition, Position } from 'graphql-language-service';
import { leafFieldNames } from './leaf-fields';

/** One text edit and where the cursor goes after it. */
interface FillPlan {
  from: number;
  to: number;
  insert: string;
  /** Cursor offset after the edit. */
  cursor: number;
  added: string[];
}

export type FillResult = { ok: true; plan: FillPlan | null } | { ok: false; message: string };

/** Offsets of `{` and `}` outside strings and comments, as a parse of brackets would see them. */
function braces(text: string): { at: number; open: boolean }[] {
  const out: { at: number; open: boolean }[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '#') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '"') {
      if (text.startsWith('"""', i)) {
        const end = text.indexOf('"""', i + 3);
        i = end < 0 ? text.length : end + 2;
      } else {
        i++;
        while (i < text.length && text[i] !== '"' && text[i] !== '\n')
          i += text[i] === '\\' ? 2 : 1;
      }
    } else if (c === '{' || c === '}') out.push({ at: i, open: c === '{' });
  }
  return out;
}

/** The innermost `{ … }` around `offset`: its brace offsets, or undefined. */
function enclosingSet(text: string, offset: number): { open: number; close: number } | undefined {
  const stack: number[] = [];
  const list = braces(text);
  let k = 0;
  for (; k < list.length && list[k]!.at < offset; k++) {
    if (list[k]!.open) stack.push(list[k]!.at);
    else stack.pop();
  }
  const open = stack.pop();
  if (open === undefined) return undefined;
  let depth = 0;
  for (; k < list.length; k++) {
    if (list[k]!.open) depth++;
    else if (depth-- === 0) return { open, close: list[k]!.at };
  }
  return undefined;
}

/** Field names already selected directly in a set's text (aliases resolved, nested sets skipped). */
function selectedNames(inner: string): Set<string> {
  let flat = '';
  let depth = 0;
  for (const ch of inner.replace(/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"|#[^\n]*/g, ' ')) {
    if (ch === '{' || ch === '(') depth++;
    else if (ch === '}' || ch === ')') depth--;
    else if (depth === 0) flat += ch;
  }
  const names = new Set<string>();
  const re = /(\.\.\.\s*(?:on\s+)?)?([_A-Za-z]\w*)(\s*:\s*([_A-Za-z]\w*))?/g;
  for (let m = re.exec(flat); m; m = re.exec(flat)) {
    if (m[1]) continue; // a fragment spread or inline fragment
    names.add(m[4] ?? m[2]!);
  }
  return names;
}

function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/**
 * "Fill all fields" (Altair's Shift-Ctrl-Enter): adds to the selection set around `offset` the
 * leaf fields of its type that it does not select yet (lib: leaf-fields.ts), one per line before
 * its closing brace. `plan` is null when nothing is missing. Pure.
 */
export function planFillAllFields(
  schema: GraphQLSchema | undefined,
  text: string,
  offset: number,
): FillResult {
  if (!schema) return { ok: false, message: 'Fill all fields needs the schema: connect first.' };
  const set = enclosingSet(text, offset);
  if (!set)
    return {
      ok: false,
      message: 'Put the cursor inside a selection set ({ … }) to fill it with its fields.',
    };
  // The type of the set: ask the language service about a field name probed in right after
  // the brace (what completion there would list the fields of).
  const before = text.slice(0, set.open + 1) + ' x';
  const line = before.split('\n').length - 1;
  const character = before.length - (before.lastIndexOf('\n') + 1);
  const probe = before + ' ' + text.slice(set.open + 1);
  const ctx = getContextAtPosition(probe, new Position(line, character), schema);
  const parent = ctx?.typeInfo.parentType;
  if (!parent)
    return {
      ok: false,
      message: 'This selection set has no known type (check the field names above it).',
    };
  const inner = text.slice(set.open + 1, set.close);
  const have = selectedNames(inner);
  const added = leafFieldNames(parent).filter((n) => !have.has(n));
  if (added.length === 0) return { ok: true, plan: null };
  const closeIndent = lineIndent(text, set.open);
  const indent = closeIndent + '  ';
  const body = added.map((n) => `\n${indent}${n}`).join('');
  // The fields go after the last one; the closing brace gets a line of its own (`{ a }` too).
  const contentEnd = set.open + 1 + inner.trimEnd().length;
  return {
    ok: true,
    plan: {
      from: contentEnd,
      to: set.close,
      insert: `${body}\n${closeIndent}`,
      cursor: contentEnd + body.length,
      added,
    },
  };
}
