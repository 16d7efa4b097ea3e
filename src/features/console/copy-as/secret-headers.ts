/**
 * Header names whose values are treated as secrets in exports (curl, src command): the
 * Authorization family, cookies, and any name that mentions a token, secret, key, auth,
 * session or password (`X-Api-Key`, `X-CSRF-Token`, `X-Session-Id`, …).
 */
const SECRET_NAME = /auth|cookie|token|secret|key|session|passw/i;

export function isSecretHeaderName(name: string): boolean {
  return SECRET_NAME.test(name);
}
