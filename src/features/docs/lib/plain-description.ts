/**
 * Most schema descriptions are plain sentences (about 9 in 10 of GitHub's): those are shown as
 * text, without running marked and DOMPurify (`markdown.ts`) on the Docs panel's first render.
 * Anything that could be Markdown or HTML is not plain and goes through both.
 *
 * A description is plain when it has none of `` \ ` * [ ] < > & ~ | @ `` (inline syntax, HTML,
 * entities, tables, e-mail autolinks), no `://` or `www.` (GFM's URL autolinks), no underscore
 * that could open or close emphasis (one between two letters or digits cannot), no tab, carriage
 * return or other control character, and every line starts with an ASCII letter (no indented
 * code, list, quote, heading or setext underline) and has no trailing whitespace (no hard
 * break). Such a text renders as its paragraphs (split at empty lines), each as text: the unit
 * test proves it renders exactly as marked does, over GitHub's descriptions and random text.
 */

const SPECIAL = /[\\`*[\]<>&~|@]|(?!\n)\p{Cc}|:\/\/|www\./iu;
const LOOSE_UNDERSCORE = /(?:^|[^A-Za-z0-9])_|_(?![A-Za-z0-9])/m;
const LINE = /^[A-Za-z](?:.*\S)?$/;

/** The paragraphs of a plain description (see above), or null when it needs Markdown. Pure. */
export function plainParagraphs(text: string): string[] | null {
  if (SPECIAL.test(text) || LOOSE_UNDERSCORE.test(text)) return null;
  const paragraphs: string[] = [];
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    if (line === '') {
      if (lines.length) paragraphs.push(lines.join('\n'));
      lines = [];
    } else if (LINE.test(line)) lines.push(line);
    else return null;
  }
  if (lines.length) paragraphs.push(lines.join('\n'));
  return paragraphs.length ? paragraphs : null;
}
