/**
 * How the response worker sends display text to the main thread: as whole lines, each a string
 * of its own once it arrives there (structured clone makes one flat string per array element,
 * so no line keeps a larger piece of text alive, and nothing needs splitting on the main
 * thread). Short lines repeat a lot in pretty-printed JSON (`},`, `{`, `"lineNumber": 5,`): the
 * first time one is sent it is a string and both sides remember it; after that it is sent as
 * its number, and the main thread puts the one string it already has into the document. On a
 * 50 MB search response that makes 1.2 M of its 1.3 M lines shared strings.
 *
 * Both sides follow the same rule, so they agree on the numbers without sending them: a line
 * of at most SHARED_MAX_LENGTH characters that arrives as a string is given the next number,
 * until MAX_SHARED lines are known.
 */

/** Lines as sent: a string, or the number of a short line sent before. */
export type EncodedLines = (string | number)[];

const SHARED_MAX_LENGTH = 40;
const MAX_SHARED = 65_536;

/** The worker's side: one per stream of display text. */
export class LineEncoder {
  private ids = new Map<string, number>();

  encode(lines: readonly string[]): EncodedLines {
    const out: EncodedLines = new Array<string | number>(lines.length);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      out[i] = line;
      if (line.length > SHARED_MAX_LENGTH) continue;
      const id = this.ids.get(line);
      if (id !== undefined) out[i] = id;
      else if (this.ids.size < MAX_SHARED) this.ids.set(line, this.ids.size);
    }
    return out;
  }
}

/** The main thread's side: one per stream of display text. */
export class LineDecoder {
  private shared: string[] = [];

  decode(encoded: EncodedLines): string[] {
    const out = new Array<string>(encoded.length);
    for (let i = 0; i < encoded.length; i++) {
      const item = encoded[i] ?? '';
      if (typeof item === 'number') {
        const line = this.shared[item];
        if (line === undefined) throw new Error(`Response line ${item} was never sent.`);
        out[i] = line;
        continue;
      }
      out[i] = item;
      if (item.length <= SHARED_MAX_LENGTH && this.shared.length < MAX_SHARED)
        this.shared.push(item);
    }
    return out;
  }
}
