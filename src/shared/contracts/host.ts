/**
 * Instance host normalisation for the analytics API's `instanceURL` parameter.
 *
 * The real service wants a bare host (`example.sourcegraphcloud.com`), but people paste whole URLs.
 * We reduce the input to `URL.host`: lower-case, IDN as punycode, a non-default port kept
 * (`127.0.0.1:4174`, the sandbox instance), the default port of the scheme dropped, and path,
 * query, fragment and credentials removed. The caller shows the result when `changed` is true so the
 * reduction is visible.
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
/** Letters, digits, hyphen and underscore per label (after punycode); or a bracketed IPv6. */
const HOSTNAME =
  /^(?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*$/;
const SAMPLE = 'example.sourcegraphcloud.com';
const EXAMPLE = `e.g. ${SAMPLE}`;

/** Result of {@link normalizeInstanceHost}: the host, or a message that says what to fix. */
export type HostResult =
  { ok: true; host: string; changed: boolean } | { ok: false; message: string };

/**
 * Reduces a pasted instance URL or host to the host the analytics API expects.
 * `changed` is true when the host differs from the input as typed (whitespace included).
 */
export function normalizeInstanceHost(input: string): HostResult {
  const trimmed = input.trim();
  if (trimmed === '') {
    return { ok: false, message: `Enter the instance host (${EXAMPLE}).` };
  }
  const scheme = SCHEME.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme !== undefined && scheme !== 'http' && scheme !== 'https') {
    return {
      ok: false,
      message: `"${trimmed}" is a ${scheme}: address; enter the instance's web host (${EXAMPLE}).`,
    };
  }
  if (/\s/.test(trimmed)) {
    return {
      ok: false,
      message: `The instance host cannot contain spaces; enter one host (${EXAMPLE}).`,
    };
  }
  let url: URL;
  try {
    url = new URL(scheme === undefined ? `https://${trimmed}` : trimmed);
  } catch {
    return { ok: false, message: `"${trimmed}" is not a host name; enter one such as ${SAMPLE}.` };
  }
  if (url.username || url.password) {
    return {
      ok: false,
      message: 'Remove the user name or password (the part before @); enter only the host.',
    };
  }
  const hostname = url.hostname.replace(/\.$/, '');
  const isIpv6 = hostname.startsWith('[');
  if (hostname === '' || (!isIpv6 && !HOSTNAME.test(hostname))) {
    return { ok: false, message: `"${trimmed}" is not a host name; enter one such as ${SAMPLE}.` };
  }
  const host = url.port ? `${hostname}:${url.port}` : hostname;
  return { ok: true, host, changed: host !== input };
}
