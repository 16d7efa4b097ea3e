import type { Plugin } from 'vite';
import { createAppRoutes, relayLogFromEnv } from './app-server.ts';
import { readConfig } from './config.ts';
import { startSandbox } from './sandbox/index.ts';
import { formatBanner } from './banner.ts';
import { relayAllowedHosts } from './relay.ts';

/** Mounts the same server routes (relay, /sandbox.json) and sandbox in `vite` dev. */
export function debugConsoleServer(): Plugin {
  return {
    name: 'debug-console-server',
    apply: 'serve',
    async configureServer(server) {
      const config = readConfig(process.env, [], { distDir: 'dist' });
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
      server.httpServer?.once('close', () => void sandbox?.close());
      const allowedHosts = relayAllowedHosts([config.host, '127.0.0.1', 'localhost'], config.port);
      const routes = createAppRoutes({
        allowedHosts,
        sandbox: sandbox?.info,
        defaults: { base_url: config.baseUrl, analytics_url: config.analyticsUrl },
        log: relayLogFromEnv(),
      });
      server.middlewares.use((req, res, next) => {
        routes(req, res).then((handled) => {
          if (!handled) next();
        }, next);
      });
      server.httpServer?.once('listening', () => {
        console.log(formatBanner(`http://${config.host}:${config.port}`, sandbox?.info, config));
      });
    },
  };
}
