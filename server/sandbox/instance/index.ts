/**
 * The sandbox instance: a stand-in code search instance on its own origin.
 *
 * - `POST /.api/graphql`: our schema slice (schema.graphql) or any SDL (`SANDBOX_SCHEMA`), with
 *   the instance's auth, cost limits and error shapes (see README.md here).
 * - `POST /.auth/idp/oauth/token`: refresh-token grant; refresh tokens are one-time use.
 * - Everything else answers like the instance's web app: HTML (404 for unknown paths).
 *
 * Big responses on demand (for the bench): `count:N` in the search query, e.g.
 * `search(query:"count:12000 func")` ≈ 10 MB and `count:60000 func` ≈ 50 MB with the FileMatch
 * selection given in README.md beside this file.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { buildSchema } from 'graphql';
import type { Handler } from '../../http-util.ts';
import { requestUrl, sendText } from '../../http-util.ts';
import type { SandboxOptions } from '../types.ts';
import { authenticate, oauthTtlSeconds, TokenStore } from './auth.ts';
import { buildTolerantSchema, createGenericResolver } from './generic.ts';
import { serveGraphQL, type GraphQLEndpoint } from './graphql-endpoint.ts';
import { warmIntrospectionCache } from './introspection-cache.ts';
import { serveOAuthToken } from './oauth-endpoint.ts';
import { createRootValue, type RequestContext } from './resolvers.ts';
import { AnonymousLimiter, loadSiteConfig, type SiteConfig } from './site-config.ts';
import { parseFlagOverrides } from '../../../src/shared/contracts/feature-flags.ts';
import { serveTracePage, startTrace, TRACE_PAGE_PREFIX, TraceStore } from './tracing.ts';
import { populateUsers } from './user-population.ts';
import { faultsFromEnv } from './faults.ts';

export interface InstanceOptions extends SandboxOptions {
  baseUrl: string;
}

export interface SandboxInstance {
  handler: Handler;
  /** Demo tokens by role: user, admin, oauth, revoked. */
  tokens: Record<string, string>;
  oauth: { access_token: string; refresh_token: string; expires_in: number; client_id: string };
}

const SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-XSS-Protection': '1; mode=block',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-cache, max-age=0',
};

const TRUSTED_ALLOW_HEADERS =
  'X-Requested-With, X-Sourcegraph-Client, Content-Type, Authorization, X-Sourcegraph-Should-Trace';
const OTHER_ALLOW_HEADERS = 'Content-Type, Authorization, X-Sourcegraph-Should-Trace';

/** The instance's CORS policy for API paths: echo Origin, allow credentials. */
function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (origin === undefined) return;
  res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Access-Control-Allow-Origin', origin);
}

function isTrustedOrigin(origin: string | undefined, site: SiteConfig, baseUrl: string): boolean {
  if (!origin) return false;
  if (site.corsOrigin.includes('*') || site.corsOrigin.includes(origin)) return true;
  return origin === (site.externalURL ?? baseUrl).replace(/\/+$/, '');
}

/** Per-request flag overrides: the header's values, else `?feat=` on the URL (as an instance). */
function flagOverrideValues(req: IncomingMessage, url: URL): string[] {
  const h = req.headers['x-sourcegraph-override-feature'];
  const values = h === undefined ? [] : Array.isArray(h) ? h : [h];
  return values.length ? values : url.searchParams.getAll('feat');
}

function htmlPage(res: ServerResponse, status: number, title: string, body: string): void {
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${title} - Sourcegraph (sandbox)</title></head>
<body><div id="root"><h1>${title}</h1><p>${body}</p></div></body>
</html>
`;
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(html),
  });
  res.end(html);
}

function loadSchema(path: string | undefined): Omit<GraphQLEndpoint, 'limits' | 'baseUrl'> {
  if (path) {
    let sdl: string;
    try {
      sdl = readFileSync(path, 'utf8');
    } catch (err) {
      throw new Error(`SANDBOX_SCHEMA: cannot read ${path}: ${(err as Error).message}`);
    }
    try {
      const schema = buildTolerantSchema(sdl);
      return { schema, rootValue: { __seed: '' }, fieldResolver: createGenericResolver(schema) };
    } catch (err) {
      throw new Error(`SANDBOX_SCHEMA: ${path} is not a usable schema: ${(err as Error).message}`);
    }
  }
  const sdl = readFileSync(new URL('./schema.graphql', import.meta.url), 'utf8');
  return { schema: buildSchema(sdl), rootValue: createRootValue() };
}

/** Creates the sandbox instance's request handler and its demo credentials. */
export async function createInstanceHandler(opts: InstanceOptions): Promise<SandboxInstance> {
  const baseUrl = opts.baseUrl.replace(/\/+$/, '');
  const site = loadSiteConfig(opts.siteConfigPath, baseUrl, Boolean(opts.publicMode));
  populateUsers(opts.userCount);
  const faults = faultsFromEnv();
  const endpoint: GraphQLEndpoint = {
    ...loadSchema(opts.schemaPath),
    limits: site.limits,
    baseUrl,
  };
  await warmIntrospectionCache(endpoint.schema);
  const store = new TokenStore(oauthTtlSeconds());
  const limiter = site.rateLimitAnonymous
    ? new AnonymousLimiter(site.rateLimitAnonymous)
    : undefined;
  const traces = new TraceStore();

  const handler: Handler = async (req, res) => {
    const url = requestUrl(req);
    const path = url.pathname;
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);

    if (path.startsWith('/.api/') || path.startsWith('/.auth/')) {
      applyCors(req, res);
      res.setHeader('Vary', 'Cookie, Authorization, X-Requested-With');
      if (req.method === 'OPTIONS') {
        res.writeHead(200, {
          'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
          'Access-Control-Allow-Headers': isTrustedOrigin(req.headers.origin, site, baseUrl)
            ? TRUSTED_ALLOW_HEADERS
            : OTHER_ALLOW_HEADERS,
          'Content-Length': '0',
        });
        res.end();
        return;
      }
    }

    if (path === '/.auth/idp/oauth/token') {
      if (req.method !== 'POST') {
        sendText(res, 405, 'Method not allowed. The token endpoint takes POST.', {
          Allow: 'POST, OPTIONS',
        });
        return;
      }
      await serveOAuthToken(req, res, store);
      return;
    }

    if (path === '/.api/graphql') {
      if (req.method !== 'POST') {
        sendText(res, 405, 'Method not allowed. Send GraphQL requests with POST.', {
          Allow: 'POST, OPTIONS',
        });
        return;
      }
      // The request name is the whole query string (`?Repositories`), "unknown" without one.
      const search = url.search.slice(1);
      const requestName = search && !search.includes('=') ? search : 'unknown';
      const tracer = startTrace(traces, req, res, url, baseUrl, requestName);
      const endAuth = tracer?.begin('auth');
      const auth = authenticate(req, store, site.authPublic);
      endAuth?.(auth.ok ? (auth.user?.username ?? 'anonymous') : 'refused');
      if (!auth.ok) {
        req.resume();
        sendText(res, auth.status, auth.message, auth.headers);
        return;
      }
      if (limiter && auth.user === null && requestName === 'unknown') {
        const wait = limiter.take();
        if (wait > 0) {
          req.resume();
          res.writeHead(429, { 'Retry-After': String(wait), 'Content-Length': '0' });
          res.end();
          return;
        }
      }
      const fault = faults?.take(requestName);
      if (fault) {
        req.resume();
        res.writeHead(fault.status, fault.headers);
        res.end();
        return;
      }
      const ctx: RequestContext = {
        viewer: auth.user,
        baseUrl,
        siteConfigText: site.text,
        featureFlags: parseFlagOverrides(flagOverrideValues(req, url)),
        tracer,
      };
      await serveGraphQL(req, res, endpoint, ctx);
      return;
    }

    req.resume();
    if (path.startsWith(TRACE_PAGE_PREFIX) && (req.method === 'GET' || req.method === 'HEAD')) {
      serveTracePage(traces, path, res);
      return;
    }
    if (path.startsWith('/.api/')) {
      sendText(res, 404, '404 page not found');
      return;
    }
    if (path === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
      htmlPage(
        res,
        200,
        'Sandbox instance',
        `A stand-in code search instance. Its GraphQL API is at <code>POST ${baseUrl}/.api/graphql</code>.`,
      );
      return;
    }
    htmlPage(res, 404, 'Page not found', 'Sorry, the requested URL was not found.');
  };

  return {
    handler,
    tokens: {
      user: store.demo.user,
      admin: store.demo.admin,
      oauth: store.demo.oauth,
      revoked: store.demo.revoked,
    },
    oauth: {
      access_token: store.demo.oauth,
      refresh_token: store.demo.refresh,
      expires_in: store.ttlSeconds,
      client_id: store.clientId,
    },
  };
}
