/**
 * The first rows of a report are shown as soon as they are parsed: a first piece of text that
 * holds more than a screen of lines is parsed in two, its first `lines` lines (sent to the page
 * at once) and the rest. Parsing the whole piece first would make the first rows wait for it,
 * and the first piece can be large (and parsed by code the engine has not optimized yet).
 * The cut is after a line feed; the parser carries a record cut inside quotes over to the next
 * piece, so the rows are the same (`csv-stream.ts`).
 */
export function firstRowsPieces(text: string, lines: number): [string] | [string, string] {
  let at = -1;
  for (let n = 0; n < lines; n++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return [text];
  }
  const cut = at + 1;
  return cut < text.length ? [text.slice(0, cut), text.slice(cut)] : [text];
}
