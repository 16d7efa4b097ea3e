/**
 * How the response worker sends display text to the main thread, a batch of whole lines per
 * message. Short lines repeat a lot in pretty-printed JSON (`},`, `{`, `"lineNumber": 5,`): the
 * first time one is sent it is text and both sides remember it; after that it is sent as its
 * number, and the main thread puts the one string it already has into the document, so most
 * lines of a big response are shared strings.
 *
 * A batch is one string holding the lines sent as text, joined by line breaks, and an
 * `Int32Array` with one entry per line (its number, or -1 for the next line of the text), whose
 * buffer is transferred: cloning one string costs a copy of its bytes on each side, where an
 * array of strings and numbers costs far more per element, on both sides. On the main thread
 * each line is a slice of the batch's string: the text of a batch is only the lines it brought,
 * all of them kept by the document, so no slice keeps text alive that is not shown, and nothing
 * is copied.
 *
 * Both sides follow the same rule, so they agree on the numbers without sending them: a line
 * of at most SHARED_MAX_LENGTH characters that arrives as text is given the next number, until
 * MAX_SHARED lines are known.
 */

/** A batch of lines as sent. */
export interface EncodedLines {
  /** The lines sent as text, joined by "\n" (lines never contain one). */
  text: string;
  /** Per line: the number of a short line sent before, or -1 for the next line of `text`. */
  ids: Int32Array;
}

const SHARED_MAX_LENGTH = 40;
const MAX_SHARED = 65_536;
const TEXT = -1;

/** The worker's side: one per stream of display text. */
export class LineEncoder {
  private known = new Map<string, number>();

  encode(lines: readonly string[]): EncodedLines {
    const ids = new Int32Array(lines.length);
    const text: string[] = [];
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i] ?? '';
      ids[i] = TEXT;
      if (line.length <= SHARED_MAX_LENGTH) {
        const id = this.known.get(line);
        if (id !== undefined) {
          ids[i] = id;
          continue;
        }
        if (this.known.size < MAX_SHARED) this.known.set(line, this.known.size);
      }
      text.push(line);
    }
    return { text: text.join('\n'), ids };
  }
}

/** The main thread's side: one per stream of display text. */
export class LineDecoder {
  private shared: string[] = [];

  decode({ text, ids }: EncodedLines): string[] {
    const out = new Array<string>(ids.length);
    // Where the next line of `text` starts; past its end once all were read.
    let at = 0;
    let fromText = 0;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] ?? TEXT;
      if (id !== TEXT) {
        const line = this.shared[id];
        if (line === undefined) throw new Error(`Response line ${id} was never sent.`);
        out[i] = line;
        continue;
      }
      if (at > text.length) throw mismatch();
      let end = text.indexOf('\n', at);
      if (end === -1) end = text.length;
      const line = text.slice(at, end);
      at = end + 1;
      fromText++;
      out[i] = line;
      if (line.length <= SHARED_MAX_LENGTH && this.shared.length < MAX_SHARED)
        this.shared.push(line);
    }
    if (fromText === 0 ? text !== '' : at !== text.length + 1) throw mismatch();
    return out;
  }
}

function mismatch(): Error {
  return new Error('Response lines do not match their text.');
}
