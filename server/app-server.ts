import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:http';
import { closeServer, listen, sendJson } from './http-util.ts';
import { createRelay, relayAllowedHosts } from './relay.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { notFound, serveStatic, warmStatic } from './static.ts';
import { startSandbox } from './sandbox/index.ts';
import type { RunningSandbox, SandboxInfo } from './sandbox/types.ts';
import type { ServerConfig } from './config.ts';

export interface AppRoutesOptions {
  /** host:port values the app server answers to (DNS-rebinding guard). */
  allowedHosts: string[];
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
    const { pathname } = new URL(req.url ?? '/', 'http://x');
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
  url: string;
  server: Server;
  sandbox?: RunningSandbox;
  close(): Promise<void>;
}

/** Starts the sandbox (unless off) and the app server: the whole of `npm start`. */
export async function startApp(config: ServerConfig): Promise<RunningApp> {
  const sandbox = config.sandbox
    ? await startSandbox({
        host: config.host,
        port: config.sandboxPort,
        schemaPath: config.sandboxSchema,
        siteConfigPath: config.sandboxSiteConfig,
        reportScale: config.sandboxReportScale,
        publicMode: config.sandboxPublic,
      })
    : undefined;
  const hostNames = new Set([config.host, '127.0.0.1', 'localhost']);
  const allowedHosts = relayAllowedHosts([...hostNames], config.port);
  const routes = createAppRoutes({
    allowedHosts,
    sandbox: sandbox?.info,
    defaults: { base_url: config.baseUrl, analytics_url: config.analyticsUrl },
    log: relayLogFromEnv(),
  });
  void warmStatic(config.distDir);
  let server: Server;
  try {
    server = await listen(
      async (req, res) => {
        applySecurityHeaders(res, { csp: true });
        const pathname = (req.url ?? '/').split('?')[0];
        if (pathname === '/' || pathname === '/debug' || pathname === '/debug/') {
          res.writeHead(302, { Location: '/debug/console' });
          res.end();
          return;
        }
        if (await routes(req, res)) return;
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
  return {
    url: `http://${config.host}:${config.port}`,
    server,
    sandbox,
    close: async () => {
      await closeServer(server);
      await sandbox?.close();
    },
  };
}
