import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Server } from 'node:http';
import { closeServer, listen, sendJson } from './http-util.ts';
import { createRelay } from './relay.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { notFound, serveStatic } from './static.ts';
import { startSandbox } from './sandbox/index.ts';
import type { RunningSandbox, SandboxInfo } from './sandbox/types.ts';
import type { ServerConfig } from './config.ts';

export interface AppRoutesOptions {
  /** host:port values the app server answers to (DNS-rebinding guard). */
  allowedHosts: string[];
  sandbox?: SandboxInfo;
  /** Defaults offered to the app when no sandbox runs (BASE_URL / ANALYTICS_URL). */
  defaults: { base_url?: string; analytics_url?: string };
}

/**
 * The server's own routes, shared by `npm start` and the Vite dev server: `/sandbox.json`,
 * `/config.json` and the relay under `/relay/`. Returns false when the request is not one of them.
 */
export function createAppRoutes(opts: AppRoutesOptions) {
  const relay = createRelay({ allowedHosts: opts.allowedHosts });
  return async function routes(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    if (pathname.startsWith('/relay/')) {
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
  const allowedHosts = [...hostNames].map((h) => `${h}:${config.port}`);
  const routes = createAppRoutes({
    allowedHosts,
    sandbox: sandbox?.info,
    defaults: { base_url: config.baseUrl, analytics_url: config.analyticsUrl },
  });
  let server: Server;
  try {
    server = await listen(
      async (req, res) => {
        applySecurityHeaders(res, { csp: true });
        const { pathname } = new URL(req.url ?? '/', 'http://x');
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
