import type { AuthScheme } from './connection-settings.ts';

/**
 * Builds the instance's Authorization header value for a scheme, or undefined without a token.
 * Sudo: `token-sudo user="<U>",token="<T>"` (double quotes in values cannot be represented and
 * are rejected by the caller's validation).
 */
export function buildAuthorization(
  scheme: AuthScheme,
  token: string,
  sudoUser = '',
): string | undefined {
  const t = token.trim();
  if (!t) return undefined;
  switch (scheme) {
    case 'token':
      return `token ${t}`;
    case 'bearer':
      return `Bearer ${t}`;
    case 'sudo':
      return `token-sudo user="${sudoUser.trim()}",token="${t}"`;
  }
}

/** Normalises a user-typed base URL: trims, drops trailing slashes; undefined when not http(s). */
export function normalizeBaseUrl(input: string): string | undefined {
  const trimmed = input.trim().replace(/\/+$/, '');
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password) return undefined;
  return trimmed;
}
