/**
 * Host names and addresses the server listens on or is reached by: loopback or not, how each
 * is written in a URL or a Host header (IPv6 in brackets, port 80 left out by browsers).
 */

/** True for addresses only this machine can reach: 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1'
  );
}

/** A host as written in a URL or Host header: IPv6 addresses in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/**
 * The loopback address to use for services only this server talks to (the sandbox) when the
 * app listens on `host`: the host itself when it is loopback, else ::1 or 127.0.0.1.
 */
export function loopbackFor(host: string): string {
  if (isLoopbackHost(host)) return host;
  return host.includes(':') ? '::1' : '127.0.0.1';
}

/** The Host header values a browser sends for `host` on `port` (no port for 80). */
export function hostHeaderValues(host: string, port: number): string[] {
  const name = urlHost(host.toLowerCase());
  return port === 80 ? [name, `${name}:80`] : [`${name}:${port}`];
}
