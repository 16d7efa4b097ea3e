/**
 * Typed request/reply over a Worker (or any MessagePort-like pair): ids, progress messages,
 * cancellation and error propagation, so no client keeps its own id counters and pending maps.
 *
 * An API is a record of methods: `{ search: { params: { q: string }; result: Hit[] } }`, with an
 * optional `progress` type for methods that report before they finish.
 */
export type RpcApi = Record<string, { params: unknown; result: unknown; progress?: unknown }>;

/** Page → worker. */
export type RpcRequest =
  { rpc: 'call'; id: number; method: string; params: unknown } | { rpc: 'cancel'; id: number };

/** Worker → page. */
type RpcReply =
  | { rpc: 'result'; id: number; result: unknown }
  | { rpc: 'progress'; id: number; progress: unknown }
  | { rpc: 'error'; id: number; message: string; cancelled?: boolean };

/** The side of a worker the page talks to (a `Worker` is one). */
export interface RpcTarget {
  postMessage(message: RpcRequest, transfer?: Transferable[]): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<RpcReply>) => void): void;
  addEventListener(type: 'error', listener: (e: ErrorEvent) => void): void;
  terminate?(): void;
}

interface CallOptions<P> {
  /** Aborting rejects the call with an AbortError and tells the worker to stop. */
  signal?: AbortSignal;
  transfer?: Transferable[];
  onProgress?(progress: P): void;
}

export interface RpcClient<A extends RpcApi> {
  call<K extends keyof A & string>(
    method: K,
    params: A[K]['params'],
    opts?: CallOptions<A[K]['progress']>,
  ): Promise<A[K]['result']>;
  /**
   * Ends the worker (its thread and heap) unless a call is pending; the next call starts a new
   * one. For a worker used now and then, whose memory the page should not keep meanwhile.
   */
  close(): void;
}

function abortError(): DOMException {
  return new DOMException('The call was cancelled.', 'AbortError');
}

interface Pending {
  resolve(v: unknown): void;
  reject(e: unknown): void;
  progress?(p: unknown): void;
  done(): void;
}

/**
 * The page side. `connect` creates the worker on the first call; when it cannot start, or the
 * worker fails, every pending call rejects with the reason (`name` says which worker).
 */
export function createRpcClient<A extends RpcApi>(
  connect: () => RpcTarget,
  name = 'The worker',
): RpcClient<A> {
  let target: RpcTarget | undefined;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function open(): RpcTarget {
    if (target) return target;
    const t = connect();
    t.addEventListener('message', (e) => {
      const m = e.data;
      const p = pending.get(m.id);
      if (!p) return;
      if (m.rpc === 'progress') return p.progress?.(m.progress);
      p.done();
      if (m.rpc === 'result') p.resolve(m.result);
      else p.reject(m.cancelled ? abortError() : new Error(m.message));
    });
    t.addEventListener('error', (e) => {
      const err = new Error(`${name} failed: ${e.message || 'it could not start'}`);
      for (const p of [...pending.values()]) {
        p.done();
        p.reject(err);
      }
    });
    target = t;
    return t;
  }

  return {
    close() {
      if (!target || pending.size) return;
      target.terminate?.();
      target = undefined;
    },
    call(method, params, opts = {}) {
      return new Promise((resolve, reject) => {
        const { signal } = opts;
        if (signal?.aborted) return reject(abortError());
        let t: RpcTarget;
        try {
          t = open();
        } catch (err) {
          return reject(err instanceof Error ? err : new Error(String(err)));
        }
        const id = nextId++;
        const onAbort = () => {
          if (!pending.has(id)) return;
          pending.get(id)?.done();
          t.postMessage({ rpc: 'cancel', id });
          reject(abortError());
        };
        pending.set(id, {
          resolve: resolve as (v: unknown) => void,
          reject,
          progress: opts.onProgress as ((p: unknown) => void) | undefined,
          done: () => {
            pending.delete(id);
            signal?.removeEventListener('abort', onAbort);
          },
        });
        signal?.addEventListener('abort', onAbort);
        t.postMessage({ rpc: 'call', id, method, params }, opts.transfer ?? []);
      });
    },
  };
}

/** What a handler gets besides its params. */
interface HandlerContext<P> {
  /** Aborted when the page cancels the call (or a newer call replaced it). */
  signal: AbortSignal;
  progress(p: P): void;
}

export type RpcHandlers<A extends RpcApi> = {
  [K in keyof A]: (
    params: A[K]['params'],
    ctx: HandlerContext<A[K]['progress']>,
  ) => A[K]['result'] | Promise<A[K]['result']>;
};

/** The worker's side of a port (`self` in a worker is one). */
export interface RpcScope {
  postMessage(message: RpcReply): void;
  addEventListener(type: 'message', listener: (e: MessageEvent<RpcRequest>) => void): void;
}

/** The worker side: runs handlers, replies with their result, their error or the cancellation. */
export function serveRpc<A extends RpcApi>(scope: RpcScope, handlers: RpcHandlers<A>): void {
  const running = new Map<number, AbortController>();
  scope.addEventListener('message', async (e) => {
    const m = e.data;
    if (m.rpc === 'cancel') return running.get(m.id)?.abort();
    const handler = handlers[m.method as keyof A];
    const controller = new AbortController();
    running.set(m.id, controller);
    try {
      if (!handler) throw new Error(`Unknown method "${m.method}"`);
      const result = await handler(m.params as A[keyof A]['params'], {
        signal: controller.signal,
        progress: (progress) =>
          !controller.signal.aborted && scope.postMessage({ rpc: 'progress', id: m.id, progress }),
      });
      if (controller.signal.aborted) throw abortError();
      scope.postMessage({ rpc: 'result', id: m.id, result });
    } catch (err) {
      scope.postMessage({
        rpc: 'error',
        id: m.id,
        message: err instanceof Error ? err.message : String(err),
        cancelled: controller.signal.aborted || undefined,
      });
    } finally {
      running.delete(m.id);
    }
  });
}
