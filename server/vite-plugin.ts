import type { Plugin } from 'vite';
import { configuredAppRoutes, startConfiguredSandbox } from './app-routes.ts';
import { readConfig } from './config.ts';
import { formatBanner } from './banner.ts';

/** Mounts the same server routes (relay, /sandbox.json) and sandbox in `vite` dev. */
export function debugConsoleServer(): Plugin {
  return {
    name: 'debug-console-server',
    apply: 'serve',
    async configureServer(server) {
      const config = readConfig(process.env, [], { distDir: 'dist' });
      const sandbox = await startConfiguredSandbox(config);
      server.httpServer?.once('close', () => void sandbox?.close());
      const routes = configuredAppRoutes(config, {
        port: config.port,
        sandbox: sandbox?.info,
        anyHost: false,
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
