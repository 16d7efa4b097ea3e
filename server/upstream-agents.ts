/**
 * The relay's upstream connections, on `undici` (Node's own HTTP client, cheaper per request
 * than `node:http`'s `ClientRequest` and `Agent`): a keep-alive pool per target, and one-shot
 * connections for what must not go over a pooled one (relay.ts decides which).
 *
 * A pooled connection can be closed by the upstream's idle timeout just as the relay writes the
 * next request on it. undici sends a request that was not yet written when it sees the close
 * on a new connection by itself; one that was written fails before any response byte. The pool
 * closes its idle connections sooner than common upstream timeouts (Node 5 s, nginx 75 s, load
 * balancers 60 s) to make that rare, and {@link isStaleReuse} tells the relay when sending the
 * request again on a fresh connection is safe.
 */
import { Client, Pool, type Dispatcher } from 'undici';

/** Idle pooled connections are closed after this long (an upstream's `Keep-Alive: timeout=` may shorten it). */
const DEFAULT_KEEP_ALIVE_MS = 4000;
/** An upstream's `Keep-Alive: timeout=` hint is cut by this much, as Node's own agent does. */
const KEEP_ALIVE_HINT_MARGIN_MS = 1000;
/** Most pooled targets kept; beyond it the oldest pool is closed (its requests finish first). */
const MAX_POOLS = 64;
/** Largest response head accepted (Node's default `--max-http-header-size`). */
const MAX_HEADER_BYTES = 16 * 1024;

interface UpstreamTiming {
  /** How long an idle pooled connection is kept (ms). */
  keepAliveMs?: number;
  /** Longest silence allowed on a connection while a request waits for or reads its answer (ms). */
  idleTimeoutMs: number;
  /** Longest time to connect (ms). */
  connectTimeoutMs: number;
}

/** Where a request goes: the target's origin and its TLS server name ('' for an IP address). */
interface UpstreamTarget {
  origin: string;
  servername: string;
}

/** A dispatch handler that wants to know which connection carries its request. */
export interface ConnectionAware {
  /** Set when the request is handed to a client, before its `onConnect`. */
  connection?: CountingClient;
}

/**
 * One connection of a pool (undici's `Client`, pipelining 1) that counts the requests written
 * on its current connection: a request that finds the count above zero reused the connection.
 */
export class CountingClient extends Client {
  /** Requests written on the current connection so far; relay.ts counts them in `onConnect`. */
  written = 0;

  constructor(origin: URL, opts: Client.Options) {
    super(origin, opts);
    this.on('connect', () => (this.written = 0));
  }

  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    (handler as ConnectionAware).connection = this;
    return super.dispatch(opts, handler);
  }
}

export interface UpstreamAgents {
  /** The keep-alive pool of a target. */
  pooled(target: UpstreamTarget): Pool;
  /** A connection of its own, closed after the one request dispatched on it. */
  oneShot(target: UpstreamTarget): Client;
}

/**
 * The upstream connections of one relay. The pools' keep-alive time is the idle time of a free
 * connection (shortened to an upstream's `Keep-Alive: timeout=` hint minus a second); the
 * relay's own timers bound the wait for an answer, undici's `headersTimeout`/`bodyTimeout` the
 * silence on a connection.
 */
export function createUpstreamAgents(timing: UpstreamTiming): UpstreamAgents {
  const keepAliveMs = timing.keepAliveMs ?? DEFAULT_KEEP_ALIVE_MS;
  const pools = new Map<string, Pool>();
  const clientOptions = (target: UpstreamTarget, pipelining: number): Client.Options => ({
    pipelining,
    keepAliveTimeout: keepAliveMs,
    keepAliveMaxTimeout: keepAliveMs,
    keepAliveTimeoutThreshold: KEEP_ALIVE_HINT_MARGIN_MS,
    headersTimeout: timing.idleTimeoutMs,
    bodyTimeout: timing.idleTimeoutMs,
    maxHeaderSize: MAX_HEADER_BYTES,
    connect: {
      timeout: timing.connectTimeoutMs,
      ...(target.servername ? { servername: target.servername } : {}),
    },
  });
  return {
    pooled(target) {
      let pool = pools.get(target.origin);
      if (pool === undefined) {
        if (pools.size >= MAX_POOLS) {
          const [oldest, old] = pools.entries().next().value as [string, Pool];
          pools.delete(oldest);
          void old.close();
        }
        const options = clientOptions(target, 1);
        pool = new Pool(target.origin, {
          ...options,
          connections: 256,
          factory: (origin, opts) => new CountingClient(origin as URL, opts),
        });
        pools.set(target.origin, pool);
      }
      return pool;
    },
    oneShot(target) {
      const client = new Client(target.origin, clientOptions(target, 0));
      // Closes once its one request is done (undici lets queued requests finish).
      queueMicrotask(() => void client.close());
      return client;
    },
  };
}

/** Connection failures that leave a request without an answer: closed, reset, broken pipe. */
export const CONNECTION_LOST = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);

/**
 * True when a request failed because the pooled connection it reused was already closed by
 * the upstream: the connection had carried a request before (`reused`), it broke (closed,
 * reset, broken pipe), and not one byte of a response had arrived for this request. Such a
 * request may be sent again on a fresh connection if the relay still holds its whole body.
 */
export function isStaleReuse(
  reused: boolean,
  responseStarted: boolean,
  err: NodeJS.ErrnoException,
): boolean {
  return reused && !responseStarted && CONNECTION_LOST.has(err.code ?? '');
}
