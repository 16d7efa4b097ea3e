import type { Server } from 'node:http';
import { urlHost } from '../hosts.ts';
import { closeServer, listen } from '../http-util.ts';
import { createInstanceHandler } from './instance/index.ts';
import { createAnalyticsHandler } from './analytics/index.ts';
import type { RunningSandbox, SandboxOptions } from './types.ts';
import { withRequestLog } from './request-log.ts';

/**
 * Starts the sandbox: a stand-in instance on `port` and a stand-in analytics service on
 * `port + 1`, each on its own origin like the real services.
 */
export async function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  const baseUrl = `http://${urlHost(opts.host)}:${opts.port}`;
  const analyticsUrl = `http://${urlHost(opts.host)}:${opts.port + 1}`;
  const instance = await createInstanceHandler({ ...opts, baseUrl });
  const analytics = await createAnalyticsHandler({
    ...opts,
    analyticsUrl,
    instanceHost: new URL(baseUrl).host,
  });
  const servers: Server[] = [];
  try {
    servers.push(await listen(withRequestLog('instance', instance.handler), opts.host, opts.port));
    servers.push(
      await listen(withRequestLog('analytics', analytics.handler), opts.host, opts.port + 1),
    );
  } catch (err) {
    await Promise.all(servers.map(closeServer));
    throw err;
  }
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
}
