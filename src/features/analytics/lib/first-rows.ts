/**
 * The first rows of a report are shown as soon as they are parsed: a first piece of bytes that
 * holds more than a screen of lines is parsed in two, its first `lines` lines (sent to the page
 * at once) and the rest. Parsing the whole piece first would make the first rows wait for it,
 * and the first piece can be large (and parsed by code the engine has not optimized yet).
 * The cut is after a line feed; the parser carries a record cut inside quotes over to the next
 * piece, so the rows are the same (`csv-byte-stream.ts`).
 */
export function firstRowsPieces(
  bytes: Uint8Array,
  lines: number,
): [Uint8Array] | [Uint8Array, Uint8Array] {
  let at = -1;
  for (let n = 0; n < lines; n++) {
    at = bytes.indexOf(10, at + 1);
    if (at === -1) return [bytes];
  }
  const cut = at + 1;
  return cut < bytes.byteLength ? [bytes.subarray(0, cut), bytes.subarray(cut)] : [bytes];
}
