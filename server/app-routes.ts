/**
 * The server's own routes and the sandbox behind them, built from the configuration; shared by
 * `npm start` (app-server.ts) and the Vite dev server (vite-plugin.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AppConfigJson } from '../src/shared/contracts/app-config.ts';
import { routeOf } from '../src/shared/contracts/routes.ts';
import { loopbackFor } from './hosts.ts';
import { indexHtmlReader } from './index-html.ts';
import { requestUrl, sendJson } from './http-util.ts';
import { createRelay, relayAllowedHosts } from './relay.ts';
import { applySecurityHeaders } from './security-headers.ts';
import { startSandboxThread } from './sandbox/thread.ts';
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
  /**
   * The built app's index.html: the app's pages are then served from here with the
   * configuration inlined (server/index-html.ts). Unset under Vite, which serves its own page
   * (the app then asks `/config.json`).
   */
  indexHtml?: string;
  /**
   * Whether these routes set the security headers (security-headers.ts) on their answers:
   * true (the default) under Vite, false when the caller sets them on every response already
   * (app-server.ts).
   */
  securityHeaders?: boolean;
}

/** The app's pages (the client-side routes), served as index.html. */
const APP_PAGES = new Set(['/debug/console', '/analytics', '/index.html']);

/** The relay access log when `RELAY_LOG` is on; it never contains headers, queries or bodies. */
function relayLogFromEnv(env: Record<string, string | undefined> = process.env) {
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
  const config: AppConfigJson = {
    base_url: opts.defaults.base_url ?? opts.sandbox?.base_url ?? null,
    analytics_url: opts.defaults.analytics_url ?? opts.sandbox?.analytics_url ?? null,
    sandbox: Boolean(opts.sandbox),
    relay: true,
  };
  const readIndex = opts.indexHtml ? indexHtmlReader(opts.indexHtml, config) : undefined;
  const securityHeaders = opts.securityHeaders ?? true;
  return async function routes(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    const rawUrl = req.url ?? '/';
    // The relay's own paths first, without parsing the URL: it matches the raw path itself, so
    // `..`, `%2e%2e` and `//` variants get its 404.
    if (rawUrl.startsWith('/relay/')) return relayRoute(req, res);
    const q = rawUrl.indexOf('?');
    const rawPath = q === -1 ? rawUrl : rawUrl.slice(0, q);
    const { pathname } = requestUrl(req);
    if (/^\/relay(\/|%2f)/i.test(rawPath) || pathname.startsWith('/relay/'))
      return relayRoute(req, res);
    if (securityHeaders && (pathname === '/sandbox.json' || pathname === '/config.json'))
      applySecurityHeaders(res, { csp: true });
    if (pathname === '/sandbox.json' && req.method === 'GET') {
      if (!opts.sandbox) sendJson(res, 404, { error: 'The sandbox is off (SANDBOX=off).' });
      else sendJson(res, 200, opts.sandbox, { 'Cache-Control': 'no-store' });
      return true;
    }
    if (pathname === '/config.json' && req.method === 'GET') {
      sendJson(res, 200, config, { 'Cache-Control': 'no-store' });
      return true;
    }
    const route = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    if (readIndex && APP_PAGES.has(route) && (req.method === 'GET' || req.method === 'HEAD')) {
      const page = await readIndex(routeOf(route));
      if (page === undefined) return false;
      res.setHeader('Content-Type', 'text/html; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('ETag', page.etag);
      if (req.headers['if-none-match'] === page.etag) {
        res.writeHead(304);
        res.end();
        return true;
      }
      res.writeHead(200, { 'Content-Length': Buffer.byteLength(page.html) });
      res.end(req.method === 'HEAD' ? undefined : page.html);
      return true;
    }
    return false;
  };

  async function relayRoute(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    if (securityHeaders) applySecurityHeaders(res, { csp: true });
    await relay(req, res);
    return true;
  }
}

/**
 * Starts the sandbox a configuration asks for (undefined when SANDBOX=off), in a worker thread
 * of its own (sandbox/thread.ts), so it never takes the relay's thread. Only our server talks
 * to it (the relay), so it stays on loopback whatever HOST is.
 */
export async function startConfiguredSandbox(
  config: ServerConfig,
): Promise<RunningSandbox | undefined> {
  if (!config.sandbox) return undefined;
  return startSandboxThread({
    host: loopbackFor(config.host),
    port: config.sandboxPort,
    schemaPath: config.sandboxSchema,
    siteConfigPath: config.sandboxSiteConfig,
    reportScale: config.sandboxReportScale,
    userCount: config.sandboxUsers,
    publicMode: config.sandboxPublic,
  });
}

/**
 * The routes for a configuration once the port is known. `anyHost` (only behind the access
 * gate, server/access-gate.ts) turns the relay's Host check off.
 */
export function configuredAppRoutes(
  config: ServerConfig,
  {
    port,
    sandbox,
    anyHost,
    servesApp = false,
    securityHeaders = true,
  }: {
    port: number;
    sandbox?: SandboxInfo;
    anyHost: boolean;
    /** True for `npm start` (the built app in `config.distDir`), false under Vite. */
    servesApp?: boolean;
    /** False when the caller sets the security headers on every response (app-server.ts). */
    securityHeaders?: boolean;
  },
) {
  const hostNames = new Set([config.host, '127.0.0.1', 'localhost', '::1']);
  return createAppRoutes({
    allowedHosts: anyHost ? null : relayAllowedHosts([...hostNames], port),
    sandbox,
    defaults: { base_url: config.baseUrl, analytics_url: config.analyticsUrl },
    log: relayLogFromEnv(),
    indexHtml: servesApp ? join(config.distDir, 'index.html') : undefined,
    securityHeaders,
  });
}
