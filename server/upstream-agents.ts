/**
 * The relay's upstream connections: a keep-alive pool, and one-shot connections for what must
 * not go over a pooled one (relay.ts decides which).
 *
 * A pooled connection can be closed by the upstream's idle timeout just as the relay writes the
 * next request on it; the request then fails before any response byte (`ECONNRESET`, `EPIPE`,
 * "socket hang up"). The pool closes its idle connections sooner than common upstream timeouts
 * (Node 5 s, nginx 75 s, load balancers 60 s) to make that rare, and {@link isStaleReuse} tells
 * the relay when sending the request again on a fresh connection is safe.
 */
import http, { type ClientRequest } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

/** Idle pooled connections are closed after this long (an upstream's `Keep-Alive: timeout=` may shorten it). */
const DEFAULT_KEEP_ALIVE_MS = 4000;

export interface UpstreamAgents {
  /** Keep-alive pool. */
  pooled: { 'http:': http.Agent; 'https:': https.Agent };
  /** A new connection per request, closed after it. */
  oneShot: { 'http:': http.Agent; 'https:': https.Agent };
}

/**
 * The agents of one relay. The pool's `timeout` is the idle time of a free connection (Node
 * lowers it to an upstream's `Keep-Alive: timeout=` hint minus a second); a connecting socket
 * also starts with it, which {@link trackSocket} clears so that only the relay's own timeouts
 * apply to a request in flight.
 */
export function createUpstreamAgents(keepAliveMs = DEFAULT_KEEP_ALIVE_MS): UpstreamAgents {
  const pool = { keepAlive: true, timeout: keepAliveMs, maxSockets: 256, maxFreeSockets: 64 };
  const oneShot = { keepAlive: false, maxSockets: 256 };
  return {
    pooled: { 'http:': new http.Agent(pool), 'https:': new https.Agent(pool) },
    oneShot: { 'http:': new http.Agent(oneShot), 'https:': new https.Agent(oneShot) },
  };
}

/** What a request's connection has done so far: for {@link isStaleReuse}. */
export interface SocketTrack {
  /** Bytes the connection had read when this request got it. */
  readBefore?: number;
  socket?: Socket;
}

/**
 * Follows the connection a request gets: notes how much it had read (so a later failure can
 * tell whether any byte of the response arrived) and clears the pool's idle timeout on a
 * connection still connecting (its own timeouts are set by the relay once connected).
 */
export function trackSocket(request: ClientRequest): SocketTrack {
  const track: SocketTrack = {};
  request.once('socket', (socket: Socket) => {
    track.socket = socket;
    track.readBefore = socket.bytesRead;
    if (socket.connecting) socket.setTimeout(0);
  });
  return track;
}

const STALE_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * True when a request failed because the pooled connection it reused was already closed by
 * the upstream: the connection was reused, it broke (reset, broken pipe, or closed: "socket
 * hang up"), and not one byte of a response had arrived on it for this request. Such a request
 * may be sent again on a fresh connection if the relay still holds its whole body.
 */
export function isStaleReuse(
  request: ClientRequest,
  track: SocketTrack,
  err: NodeJS.ErrnoException,
): boolean {
  if (!request.reusedSocket || !STALE_CODES.has(err.code ?? '')) return false;
  return track.socket !== undefined && track.socket.bytesRead === track.readBefore;
}
