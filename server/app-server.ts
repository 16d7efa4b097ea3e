import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccessGate, type AccessGate } from './access-gate.ts';
import { isLoopbackHost, loopbackFor, urlHost } from './hosts.ts';
import { closeServer, listen, requestUrl, sendJson, sendText } from './http-util.ts';
import { createRelay, relayAllowedHosts } from './relay.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { notFound, serveStatic, warmStatic } from './static.ts';
import { startSandbox } from './sandbox/index.ts';
import type { RunningSandbox, SandboxInfo } from './sandbox/types.ts';
import type { ServerConfig } from './config.ts';

export interface AppRoutesOptions {
  /**
   * host:port values the relay answers to (DNS-rebinding guard); null for any, only behind the
   * access gate.
   */
  allowedHosts: readonly string[] | null;
  sandbox?: SandboxInfo;
  /** Defaults offered to the app when no sandbox runs (BASE_URL / ANALYTICS_URL). */
  defaults: { base_url?: string; analytics_url?: string };
  /** Relay access log (method, path without query, status, ms); off when unset. */
  log?: (line: string) => void;
}

/** The relay access log when `RELAY_LOG` is on; it never contains headers, queries or bodies. */
export function relayLogFromEnv(env: Record<string, string | undefined> = process.env) {
  const v = env.RELAY_LOG?.toLowerCase();
  return v && !['0', 'off', 'false', 'no'].includes(v)
    ? (line: string) => console.log(line)
    : undefined;
}

/**
 * The server's own routes, shared by `npm start` and the Vite dev server: `/sandbox.json`,
 * `/config.json` and the relay under `/relay/`. Returns false when the request is not one of them.
 */
export function createAppRoutes(opts: AppRoutesOptions) {
  const relay = createRelay({ allowedHosts: opts.allowedHosts, log: opts.log });
  return async function routes(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawPath = (req.url ?? '/').split('?')[0];
    const { pathname } = requestUrl(req);
    const isRelay = /^\/relay(\/|%2f)/i.test(rawPath) || pathname.startsWith('/relay/');
    if (isRelay || pathname === '/sandbox.json' || pathname === '/config.json')
      applySecurityHeaders(res, { csp: true });
    if (isRelay) {
      // The relay matches the raw path itself, so `..`, `%2e%2e` and `//` variants get its 404.
      await relay(req, res);
      return true;
    }
    if (pathname === '/sandbox.json' && req.method === 'GET') {
      if (!opts.sandbox) sendJson(res, 404, { error: 'The sandbox is off (SANDBOX=off).' });
      else sendJson(res, 200, opts.sandbox, { 'Cache-Control': 'no-store' });
      return true;
    }
    if (pathname === '/config.json' && req.method === 'GET') {
      sendJson(
        res,
        200,
        {
          base_url: opts.defaults.base_url ?? opts.sandbox?.base_url ?? null,
          analytics_url: opts.defaults.analytics_url ?? opts.sandbox?.analytics_url ?? null,
          sandbox: Boolean(opts.sandbox),
          relay: true,
        },
        { 'Cache-Control': 'no-store' },
      );
      return true;
    }
    return false;
  };
}

export interface RunningApp {
  /** Where a browser on this machine reaches the app (no trailing slash). */
  url: string;
  /**
   * The access secret when the server listens beyond loopback: the console URL needs
   * `?auth=<secret>` once per browser (server/access-gate.ts).
   */
  secret?: string;
  server: Server;
  sandbox?: RunningSandbox;
  close(): Promise<void>;
}

/** Starts the sandbox (unless off) and the app server: the whole of `npm start`. */
export async function startApp(config: ServerConfig): Promise<RunningApp> {
  // Only this server talks to the sandbox (the relay), so it stays on loopback whatever HOST is.
  const sandboxHost = loopbackFor(config.host);
  const sandbox = config.sandbox
    ? await startSandbox({
        host: sandboxHost,
        port: config.sandboxPort,
        schemaPath: config.sandboxSchema,
        siteConfigPath: config.sandboxSiteConfig,
        reportScale: config.sandboxReportScale,
        publicMode: config.sandboxPublic,
      })
    : undefined;
  void warmStatic(config.distDir);
  // Set once the port is known (it may be 0: any free port); no request arrives before that.
  const state: { ready?: { routes: ReturnType<typeof createAppRoutes>; gate?: AccessGate } } = {};
  let server: Server;
  try {
    server = await listen(
      async (req, res) => {
        applySecurityHeaders(res, { csp: true });
        const ready = state.ready;
        if (!ready) return sendText(res, 503, 'Starting; try again in a moment.');
        if (ready.gate && !ready.gate.admit(req, res)) return;
        const pathname = (req.url ?? '/').split('?')[0];
        if (pathname === '/' || pathname === '/debug' || pathname === '/debug/') {
          res.writeHead(302, { Location: '/debug/console' });
          res.end();
          return;
        }
        if (await ready.routes(req, res)) return;
        if (await serveStatic(config.distDir, req, res)) return;
        notFound(res);
      },
      config.host,
      config.port,
    );
  } catch (err) {
    await sandbox?.close();
    throw err;
  }
  const port = (server.address() as AddressInfo).port;
  // Beyond loopback, the access gate's cookie (bound to the host name the browser used) stands
  // in for the relay's Host check: a rebinding site never holds it.
  const gate = isLoopbackHost(config.host) ? undefined : createAccessGate(port);
  const hostNames = new Set([config.host, '127.0.0.1', 'localhost', '::1']);
  state.ready = {
    gate,
    routes: createAppRoutes({
      allowedHosts: gate ? null : relayAllowedHosts([...hostNames], port),
      sandbox: sandbox?.info,
      defaults: { base_url: config.baseUrl, analytics_url: config.analyticsUrl },
      log: relayLogFromEnv(),
    }),
  };
  // A wildcard address is no place to browse to; this machine reaches it on loopback.
  const shownHost = ['0.0.0.0', '::', '[::]'].includes(config.host) ? sandboxHost : config.host;
  return {
    url: `http://${urlHost(shownHost)}:${port}`,
    secret: gate?.secret,
    server,
    sandbox,
    close: async () => {
      await closeServer(server);
      await sandbox?.close();
    },
  };
}
