/** The placeholder printed instead of a secret. */
export const REDACTED = 'REDACTED';

/**
 * Hides the secret part of an Authorization value and keeps the scheme, so the reader still
 * sees which kind of credential the command needs: `token REDACTED`, `Bearer REDACTED`,
 * `token-sudo user="alice",token="REDACTED"`.
 */
export function redactAuthorization(value: string): string {
  const sudo = /^(token-sudo\s+.*\btoken=")([^"]*)(".*)$/i.exec(value);
  if (sudo) return sudo[1] + REDACTED + sudo[3];
  const scheme = /^(\S+)\s+\S/.exec(value);
  return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}
