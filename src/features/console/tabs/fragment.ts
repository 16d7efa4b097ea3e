/**
 * The console state that is safe to share, carried in the URL fragment exactly as the instance's
 * own console does: `#` + encodeURIComponent(JSON.stringify({ query, variables, operationName })).
 * A fragment is never sent to a server (no Referer leak); tokens and headers never go into it.
 */
export interface FragmentState {
  query?: string;
  /** JSON text of the variables, as typed (re-indented with 2 spaces when it parses). */
  variables?: string;
  operationName?: string;
}

/** Builds the fragment (with its leading `#`) for a tab; empty parts are left out. */
export function encodeFragment(state: FragmentState): string {
  const out: FragmentState = {};
  if (state.query) out.query = state.query;
  if (state.variables && state.variables.trim()) out.variables = state.variables;
  if (state.operationName) out.operationName = state.operationName;
  if (!out.query && !out.variables && !out.operationName) return '';
  return '#' + encodeURIComponent(JSON.stringify(out));
}

function reindent(variables: string): string {
  try {
    return JSON.stringify(JSON.parse(variables), null, 2);
  } catch {
    return variables;
  }
}

/**
 * Reads a fragment (`location.hash`, with or without `#`). Returns undefined when there is nothing
 * usable; never throws (a mangled link opens the console as usual). Non-string fields are dropped,
 * and a `variables` object (some links carry one) is turned back into JSON text.
 */
export function decodeFragment(hash: string): FragmentState | undefined {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(decodeURIComponent(raw));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const p = parsed as Record<string, unknown>;
  const out: FragmentState = {};
  if (typeof p.query === 'string') out.query = p.query;
  if (typeof p.variables === 'string') out.variables = reindent(p.variables);
  else if (p.variables && typeof p.variables === 'object')
    out.variables = JSON.stringify(p.variables, null, 2);
  if (typeof p.operationName === 'string' && p.operationName) out.operationName = p.operationName;
  if (out.query === undefined && out.variables === undefined && !out.operationName)
    return undefined;
  return out;
}
