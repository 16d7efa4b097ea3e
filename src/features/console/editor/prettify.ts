import { GraphQLError, Lexer, parse, print, Source, TokenKind, type Token } from 'graphql';

export type PrettifyResult =
  | { ok: true; text: string; commentsLost: boolean }
  | { ok: false; message: string; line: number; column: number };

/**
 * Formats a GraphQL document like graphql-js `print` (two-space indent, one selection per
 * line, `a: 1, b: 2` arguments, a blank line between definitions) but from the token stream,
 * so `#` comments stay where they were (`print` drops them). The result is checked: if it does
 * not reparse to the same document, the plain `print` output is used and `commentsLost` says
 * so. A document that does not parse is left alone and the syntax error is returned.
 */
export function prettifyQuery(text: string): PrettifyResult {
  let printed: string;
  try {
    printed = print(parse(text));
  } catch (e) {
    return syntaxError(e);
  }
  const hasComments = commentTokens(text).length > 0;
  try {
    const formatted = formatTokens(text);
    if (print(parse(formatted)) === printed)
      return { ok: true, text: formatted, commentsLost: false };
  } catch {
    // fall through to the safe output
  }
  return { ok: true, text: printed, commentsLost: hasComments };
}

function syntaxError(e: unknown): PrettifyResult {
  if (e instanceof GraphQLError) {
    const loc = e.locations?.[0];
    return { ok: false, message: e.message, line: loc?.line ?? 1, column: loc?.column ?? 1 };
  }
  throw e;
}

/** Every token of the document, comments included, in source order. */
function allTokens(text: string): Token[] {
  const lexer = new Lexer(new Source(text));
  while (lexer.advance().kind !== TokenKind.EOF) {
    // advancing links comment tokens into the list as well
  }
  const out: Token[] = [];
  for (let t: Token | null = lexer.token; t; t = t.prev) {
    if (t.kind !== TokenKind.SOF && t.kind !== TokenKind.EOF) out.push(t);
  }
  return out.reverse();
}

function commentTokens(text: string): Token[] {
  try {
    return allTokens(text).filter((t) => t.kind === TokenKind.COMMENT);
  } catch {
    return [];
  }
}

const VALUE_END = new Set<string>([
  TokenKind.NAME,
  TokenKind.INT,
  TokenKind.FLOAT,
  TokenKind.STRING,
  TokenKind.BLOCK_STRING,
  TokenKind.BRACKET_R,
  TokenKind.BRACE_R,
  TokenKind.PAREN_R,
  TokenKind.BANG,
]);
const ITEM_START = new Set<string>([
  TokenKind.NAME,
  TokenKind.DOLLAR,
  TokenKind.INT,
  TokenKind.FLOAT,
  TokenKind.STRING,
  TokenKind.BLOCK_STRING,
  TokenKind.BRACKET_L,
  TokenKind.BRACE_L,
]);

function formatTokens(text: string): string {
  const tokens = allTokens(text);
  let out = '';
  let indent = 0;
  const inline: string[] = []; // open ( [ and object-value { inside arguments
  let prev: Token | undefined;
  let prevPrev: Token | undefined;
  let force = false; // next token starts a new line
  let lastLine = 0; // source line of the last emitted token

  const atLineStart = () => out === '' || out.endsWith('\n') || /\n *$/.test(out);
  const newline = (blank = false) => {
    out = out.replace(/ +$/, '');
    if (out === '') return;
    out += blank ? '\n\n' : '\n';
    out += '  '.repeat(indent + (inline.length ? 1 : 0));
  };

  for (const t of tokens) {
    const src = text.slice(t.start, t.end);
    if (t.kind === TokenKind.COMMENT) {
      if (prev && t.line === lastLine && !atLineStart()) out += ' ' + src;
      else {
        if (!atLineStart())
          newline(indent === 0 && !inline.length && prev?.kind === TokenKind.BRACE_R);
        else if (indent === 0 && !inline.length && prev?.kind === TokenKind.BRACE_R) newline(true);
        out += src;
      }
      force = true;
      lastLine = t.line;
      continue;
    }
    const topLevel = indent === 0 && inline.length === 0;
    const closesDefinition = topLevel && prev?.kind === TokenKind.BRACE_R;
    let sep = '';
    if (t.kind === TokenKind.BRACE_R && !inline.length) {
      indent--;
      newline();
    } else if (closesDefinition && !force) {
      newline(true);
    } else if (force) {
      if (!atLineStart()) newline();
    } else if (!inline.length && indent > 0 && startsSelection(t, prev, prevPrev)) {
      newline();
    } else if (inline.length && ITEM_START.has(t.kind) && prev && VALUE_END.has(prev.kind)) {
      sep = ', ';
    } else if (!atLineStart() && needsSpace(prev, t, inline.length > 0)) {
      sep = ' ';
    }
    force = false;
    if (t.kind === TokenKind.BRACE_L && !inline.length) {
      out += (atLineStart() ? '' : ' ') + '{';
      indent++;
      force = true;
    } else {
      out += sep + src;
      if (
        t.kind === TokenKind.PAREN_L ||
        t.kind === TokenKind.BRACKET_L ||
        t.kind === TokenKind.BRACE_L
      ) {
        inline.push(t.kind);
      } else if (
        inline.length &&
        (t.kind === TokenKind.PAREN_R ||
          t.kind === TokenKind.BRACKET_R ||
          t.kind === TokenKind.BRACE_R)
      ) {
        inline.pop();
      } else if (t.kind === TokenKind.BRACE_R) {
        force = indent > 0;
      }
    }
    lastLine = t.line;
    prevPrev = prev;
    prev = t;
  }
  return out.replace(/ +$/gm, '');
}

function startsSelection(t: Token, prev?: Token, prevPrev?: Token): boolean {
  if (t.kind === TokenKind.SPREAD) return true;
  if (t.kind !== TokenKind.NAME || !prev) return false;
  if (
    prev.kind === TokenKind.COLON ||
    prev.kind === TokenKind.AT ||
    prev.kind === TokenKind.SPREAD
  ) {
    return false;
  }
  if (prev.kind === TokenKind.NAME && prev.value === 'on' && prevPrev?.kind === TokenKind.SPREAD) {
    return false;
  }
  return true;
}

function needsSpace(prev: Token | undefined, t: Token, inline: boolean): boolean {
  if (!prev) return false;
  const k = t.kind;
  if (k === TokenKind.PAREN_R || k === TokenKind.BRACKET_R || k === TokenKind.BANG) return false;
  if (k === TokenKind.COLON || k === TokenKind.PAREN_L) return false;
  if (k === TokenKind.BRACE_R && inline) return false;
  const p = prev.kind;
  if (p === TokenKind.PAREN_L || p === TokenKind.BRACKET_L || p === TokenKind.DOLLAR) return false;
  if (p === TokenKind.AT) return false;
  if (p === TokenKind.BRACE_L && inline) return false;
  if (p === TokenKind.SPREAD) return k !== TokenKind.NAME || t.value === 'on';
  return true;
}
