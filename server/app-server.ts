import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAccessGate, type AccessGate } from './access-gate.ts';
import { configuredAppRoutes, startConfiguredSandbox } from './app-routes.ts';
import { isLoopbackHost, loopbackFor, urlHost } from './hosts.ts';
import { closeServer, listen, sendText } from './http-util.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { notFound, serveStatic, warmStatic } from './static.ts';
import type { RunningSandbox } from './sandbox/types.ts';
import type { ServerConfig } from './config.ts';

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
  const sandbox = await startConfiguredSandbox(config);
  void warmStatic(config.distDir);
  // Set once the port is known (it may be 0: any free port); no request arrives before that.
  const state: { ready?: { routes: ReturnType<typeof configuredAppRoutes>; gate?: AccessGate } } =
    {};
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
  state.ready = {
    gate,
    routes: configuredAppRoutes(config, {
      port,
      sandbox: sandbox?.info,
      anyHost: Boolean(gate),
      servesApp: true,
      // Set on every response by the handler above.
      securityHeaders: false,
    }),
  };
  // A wildcard address is no place to browse to; this machine reaches it on loopback.
  const shownHost = ['0.0.0.0', '::', '[::]'].includes(config.host)
    ? loopbackFor(config.host)
    : config.host;
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
