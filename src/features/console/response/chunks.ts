/**
 * Cuts a display text into pieces of about `size` characters, each after the first starting at
 * a line break, so that appending them (format-client's appendChunk) rebuilds the document line for line.
 */
export function splitIntoChunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let start = 0; start < text.length;) {
    const nl = text.indexOf('\n', Math.min(text.length, start + size));
    const end = nl === -1 ? text.length : nl;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}
