/**
 * Splits a command line into words the way a POSIX shell does for quoting purposes
 * (single quotes, double quotes, backslash escapes, backslash-newline continuations), with no
 * expansion of any kind. Used to check that exported commands round-trip.
 */
export type SplitResult = { ok: true; words: string[] } | { ok: false; message: string };

export function splitShellWords(input: string): SplitResult {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let i = 0;
  const n = input.length;
  while (i < n) {
    const c = input[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
      i++;
    } else if (c === '\\') {
      if (i + 1 >= n) return { ok: false, message: 'Unterminated backslash escape' };
      const next = input[i + 1]!;
      if (next !== '\n') {
        word += next;
        inWord = true;
      }
      i += 2;
    } else if (c === "'") {
      const end = input.indexOf("'", i + 1);
      if (end === -1) return { ok: false, message: 'Unterminated single-quoted string' };
      word += input.slice(i + 1, end);
      inWord = true;
      i = end + 1;
    } else if (c === '"') {
      i++;
      inWord = true;
      for (;;) {
        if (i >= n) return { ok: false, message: 'Unterminated double-quoted string' };
        const d = input[i]!;
        if (d === '"') break;
        if (d === '\\' && i + 1 < n && '$`"\\\n'.includes(input[i + 1]!)) {
          if (input[i + 1] !== '\n') word += input[i + 1];
          i += 2;
        } else {
          word += d;
          i++;
        }
      }
      i++;
    } else {
      word += c;
      inWord = true;
      i++;
    }
  }
  if (inWord) words.push(word);
  return { ok: true, words };
}
