/**
 * Shell quoting exactly as `github.com/kballard/go-shellquote` `Join` (the version src-cli pins,
 * 95032a82bc51), so "Copy as curl" matches `src api -get-curl` byte for byte:
 * - empty word → `''`;
 * - a word with a space, tab or newline → single quotes, each `'` written as `'\''`-style
 *   segments (a leading or trailing `'` becomes a bare `\'` outside the quotes);
 * - otherwise each of ``\'"`${[|&;<>()*?!`` (and a leading `~`) gets a backslash, no quotes.
 * Note: `}` `]` `#` `=` are not escaped, exactly as in Go.
 */
export function shellQuoteJoin(words: readonly string[]): string {
  return words.map(quoteWord).join(' ');
}

const SPECIAL = new Set('\\\'"`${[|&;<>()*?!');

function quoteWord(word: string): string {
  if (word.length === 0) return "''";
  if (/[ \t\n]/.test(word)) return singleQuoted(word);
  let out = '';
  let atStart = true;
  for (const ch of word) {
    if (SPECIAL.has(ch) || (atStart && ch === '~')) out += '\\';
    out += ch;
    atStart = false;
  }
  return out;
}

function singleQuoted(word: string): string {
  let out = '';
  let inQuote = false;
  let rest = word;
  for (;;) {
    const i = rest.indexOf("'");
    if (i === -1) break;
    if (i > 0) {
      if (!inQuote) {
        out += "'";
        inQuote = true;
      }
      out += rest.slice(0, i);
    }
    rest = rest.slice(i + 1);
    if (inQuote) {
      out += "'";
      inQuote = false;
    }
    out += "\\'";
  }
  if (rest.length > 0) {
    if (!inQuote) out += "'";
    out += rest + "'";
  }
  return out;
}

/**
 * Conservative POSIX quoting for commands we design ourselves (the src command): words made
 * only of safe characters stay bare; anything else is single-quoted (`'` → `'\''`).
 */
export function posixQuote(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return "'" + word.replace(/'/g, "'\\''") + "'";
}
