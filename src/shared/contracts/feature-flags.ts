/**
 * Per-request feature-flag overrides, as the instance reads them from
 * `X-Sourcegraph-Override-Feature` (or `?feat=`): each value is split on spaces and commas;
 * `flag` turns a flag on, `-flag` turns it off, and `~flag` (the web app's "reset") is ignored.
 * Shared by the console (which builds the header) and the sandbox (which honours it).
 */

/** Header the instance reads per-request overrides from; one per flag, or comma-joined. */
export const OVERRIDE_FEATURE_HEADER = 'X-Sourcegraph-Override-Feature';

/** The words of an overrides list: `"a, -b c"` → `["a", "-b", "c"]`. */
export function splitFlagList(text: string): string[] {
  return text.split(/[ ,]+/).filter((w) => w !== '');
}

/** Flag name → overridden value, the last word for a flag winning. */
export function parseFlagOverrides(values: readonly string[]): Map<string, boolean> {
  const flags = new Map<string, boolean>();
  for (const word of values.flatMap(splitFlagList)) {
    if (word.startsWith('~')) continue;
    const off = word.startsWith('-');
    const name = off ? word.slice(1) : word;
    if (name) flags.set(name, !off);
  }
  return flags;
}

/** Why a word cannot be sent as an override (a header value must be a visible ASCII token). */
export function flagWordProblem(word: string): string | undefined {
  if (!/^[~-]?[A-Za-z0-9_][A-Za-z0-9_.:/-]*$/.test(word))
    return `"${word}" is not a flag name: use letters, digits and - _ . : / (prefix "-" to turn a flag off)`;
  return undefined;
}
