import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { urlHost } from '../hosts.ts';
import { closeServer, listen, sendText, type Handler } from '../http-util.ts';
import { createInstanceHandler } from './instance/index.ts';
import { createAnalyticsHandler } from './analytics/index.ts';
import type { RunningSandbox, SandboxOptions } from './types.ts';
import { withRequestLog } from './request-log.ts';

/**
 * Starts the sandbox: a stand-in instance on `port` and a stand-in analytics service on
 * `port + 1`, each on its own origin like the real services. With `port` 0 each takes a free
 * port of its own, and the info reports the ports they got.
 */
export async function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  // The services need their own URLs, known only once they listen; until their handlers are
  // set (before this resolves, so before anyone is told the port) they answer 503.
  const handlers: { instance?: Handler; analytics?: Handler } = {};
  const late =
    (name: keyof typeof handlers): Handler =>
    (req, res) => {
      const handler = handlers[name];
      if (!handler) return sendText(res, 503, 'Starting; try again in a moment.');
      return handler(req, res);
    };
  const servers: Server[] = [];
  try {
    const instanceServer = await listen(
      withRequestLog('instance', late('instance')),
      opts.host,
      opts.port,
    );
    servers.push(instanceServer);
    const analyticsServer = await listen(
      withRequestLog('analytics', late('analytics')),
      opts.host,
      opts.port === 0 ? 0 : opts.port + 1,
    );
    servers.push(analyticsServer);
    const urlOf = (s: Server) =>
      `http://${urlHost(opts.host)}:${(s.address() as AddressInfo).port}`;
    const baseUrl = urlOf(instanceServer);
    const analyticsUrl = urlOf(analyticsServer);
    const instance = await createInstanceHandler({ ...opts, baseUrl });
    const analytics = await createAnalyticsHandler({
      ...opts,
      analyticsUrl,
      instanceHost: new URL(baseUrl).host,
    });
    handlers.instance = instance.handler;
    handlers.analytics = analytics.handler;
    return {
      info: {
        base_url: baseUrl,
        analytics_url: analyticsUrl,
        tokens: { ...instance.tokens, ...analytics.tokens },
        oauth: instance.oauth,
        instances: analytics.instances,
      },
      close: async () => {
        await Promise.all(servers.map(closeServer));
      },
    };
  } catch (err) {
    await Promise.all(servers.map(closeServer));
    throw err;
  }
}
