/**
 * Host names and addresses the server listens on or is reached by: loopback or not, how each
 * is written in a URL or a Host header (IPv6 in brackets, port 80 left out by browsers).
 */
import { BlockList, isIP } from 'node:net';

/** 127.0.0.0/8 and ::1; BlockList also matches IPv4-mapped IPv6 (::ffff:127.0.0.1) to the IPv4 rule. */
const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * True for addresses only this machine can reach: 127.0.0.0/8 and ::1 in any spelling (IPv4-mapped
 * included; IPv6 with or without brackets), and the name localhost in any case. Anything else is
 * not loopback, so the access gate guards it: a LAN or link-local address, a wildcard, another
 * name (`localhost.` and `*.localhost` go to DNS), and forms Node does not take for an address
 * (`127.1`, `0x7f.0.0.1`), which it would look up by name.
 */
export function isLoopbackHost(host: string): boolean {
  if (host.toLowerCase() === 'localhost') return true;
  const bracketed = /^\[(.*)\]$/.exec(host);
  const address = bracketed ? bracketed[1]! : host;
  const family = isIP(address);
  if (family === 0 || (bracketed && family !== 6)) return false;
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
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
