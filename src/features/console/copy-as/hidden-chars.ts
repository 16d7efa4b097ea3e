/**
 * Characters a printed snippet writes as escapes rather than as themselves, in every language:
 * control characters (C0, DEL, C1), format characters (bidi overrides, zero-width characters,
 * the BOM: what makes code read differently from what it does), line and paragraph separators,
 * and lone surrogates (not encodable in a UTF-8 file). Line feed and tab are in the set; a
 * multi-line literal keeps them as they are.
 */
export const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

/** `s` with each character that `needsEscape` picks replaced by `escape`'s text (`i`: its UTF-16 offset). */
export function escapeEach(
  s: string,
  needsEscape: (ch: string, i: number) => boolean,
  escape: (ch: string, i: number) => string,
): string {
  let out = '';
  let i = 0;
  for (const ch of s) {
    out += needsEscape(ch, i) ? escape(ch, i) : ch;
    i += ch.length;
  }
  return out;
}

/** `ch`'s code point as `width` upper-case hex digits. */
export function hex(ch: string, width: number): string {
  return ch.codePointAt(0)!.toString(16).toUpperCase().padStart(width, '0');
}
