import {
  flagWordProblem,
  OVERRIDE_FEATURE_HEADER,
  splitFlagList,
} from '../../../shared/contracts/feature-flags.ts';

/** Header that asks the instance to trace a request. */
const SHOULD_TRACE_HEADER = 'X-Sourcegraph-Should-Trace';

/** The console's per-request switches: the "Trace" checkbox and the "Feature flags" text. */
export interface RequestOptions {
  trace: boolean;
  /** Flag overrides, space or comma separated; `-flag` turns a flag off. */
  flags: string;
}

/**
 * The options a console page URL asks for, as the instance's own console reads them:
 * `?trace=1` traces, each `?feat=<flag>` adds an override.
 */
export function optionsFromSearch(search: string): RequestOptions {
  const p = new URLSearchParams(search);
  return { trace: p.get('trace') === '1', flags: p.getAll('feat').join(', ') };
}

export type OptionHeaders =
  { ok: true; headers: [string, string][] } | { ok: false; message: string };

/**
 * The headers the options add, in order: `X-Sourcegraph-Should-Trace: true`, then one
 * `X-Sourcegraph-Override-Feature` per flag (as the instance's console sends them). `action`
 * names what a bad flag stops, in the message.
 */
export function requestOptionHeaders(
  o: RequestOptions,
  action: 'run' | 'export' = 'run',
): OptionHeaders {
  const headers: [string, string][] = o.trace ? [[SHOULD_TRACE_HEADER, 'true']] : [];
  for (const word of splitFlagList(o.flags)) {
    const problem = flagWordProblem(word);
    if (problem)
      return {
        ok: false,
        message: `Feature flags: ${problem}. Fix the "Feature flags" field to ${action}; nothing was sent.`,
      };
    headers.push([OVERRIDE_FEATURE_HEADER, word]);
  }
  return { ok: true, headers };
}

/**
 * The Headers editor's headers plus the options' headers, as one object for `fetch`: repeated
 * names are joined with ", " (what `fetch` sends for appended headers, and what the instance
 * splits again); an override typed in the editor is kept and the Trace checkbox wins over a
 * typed Should-Trace header.
 */
export function withOptionHeaders(
  typed: Record<string, string>,
  extra: readonly (readonly [string, string])[],
): Record<string, string> {
  const out: Record<string, string> = { ...typed };
  const keyOf = (name: string) =>
    Object.keys(out).find((k) => k.toLowerCase() === name.toLowerCase());
  for (const [name, value] of extra) {
    const key = keyOf(name);
    if (key === undefined) out[name] = value;
    else if (name.toLowerCase() === SHOULD_TRACE_HEADER.toLowerCase()) out[key] = value;
    else out[key] = `${out[key]}, ${value}`;
  }
  return out;
}
