import { pathToFileURL } from 'node:url';
import { runLoad } from '../lib/load.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';
import { runStandalone } from './load-soak.ts';

const QUERY = JSON.stringify({ query: '{ currentUser { username } }' });
const SECONDS = 6;
const CONNECTIONS = 10;
/** Reports fetched through the relay from a host whose upstream dies mid-response. */
const DROPS = 40;
const DROP_PARALLEL = 4;

/** Reads a response to its end or its failure; how many bytes arrived and how it ended. */
async function readAll(url: string, headers: Record<string, string>) {
  let bytes = 0;
  try {
    const res = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) });
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { status: res.status, bytes, cut: false };
      bytes += value.length;
    }
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    return { status: 0, bytes, cut: !timedOut, timedOut };
  }
}

/**
 * Issue 7, "Upstream dies mid-response": while autocannon loads the relay with healthy GraphQL
 * requests from a second process, the relay forwards 40 reports (4 at a time) from the analytics
 * sandbox's `fault-drop.example` host, whose socket is destroyed after 500 rows and half a row.
 * Each dropped report must end as a cut stream (never hang), with the rows that arrived
 * delivered; the healthy load must see no error; the relay must keep serving afterwards.
 */
export const loadFaults: Scenario = {
  name: 'load-faults',
  title: `Load with faults: relay under ${CONNECTIONS} connections while ${DROPS} upstreams die mid-response`,
  reps: 1,
  metrics: {
    healthyRps: { label: 'healthy relay req/s during drops', unit: 'req/s', better: 'higher' },
    healthyP99: { label: 'healthy relay p99 during drops', unit: 'ms' },
    healthyErrors: { label: 'healthy errors+timeouts+non-2xx', unit: 'count', target: 0 },
    dropsCut: { label: 'dropped reports that ended as cut', unit: 'count' },
    dropsHung: { label: 'dropped reports that hung (30 s)', unit: 'count', target: 0 },
    dropKb: { label: 'bytes delivered per dropped report', unit: 'kB' },
    afterErrors: { label: 'errors right after the drops', unit: 'count', target: 0 },
    relayRssMb: { label: 'relay RSS after', unit: 'MB' },
  },
  async run(ctx) {
    const sandboxServer = await ctx.server();
    const info = sandboxServer.sandbox;
    if (!info?.tokens.analytics) throw new SkipScenario('no analytics sandbox.');
    const relay = await ctx.serverWith({ SANDBOX: 'off' });
    const auth = `token ${info.tokens.user ?? ''}`;
    const relayHeaders = {
      Authorization: auth,
      'Content-Type': 'application/json',
      'X-Debug-Console': '1',
      'X-Relay-Target': info.base_url,
    };
    const dropUrl = `${relay.url}/relay/analytics/api/reports/by-user-client-date?instanceURL=fault-drop.example`;
    const dropHeaders = {
      Authorization: `Bearer ${info.tokens.analytics}`,
      'X-Debug-Console': '1',
      'X-Relay-Target': info.analytics_url,
    };
    const probe = await readAll(dropUrl, dropHeaders);
    if (probe.status === 404 || probe.status === 403)
      throw new SkipScenario(`the relay or the sandbox has no fault-drop host (${probe.status}).`);

    const load = runLoad({
      url: `${relay.url}/relay/graphql`,
      method: 'POST',
      body: QUERY,
      headers: relayHeaders,
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const drops: Awaited<ReturnType<typeof readAll>>[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: DROP_PARALLEL }, async () => {
        while (next < DROPS) {
          next++;
          drops.push(await readAll(dropUrl, dropHeaders));
        }
      }),
    );
    const healthy = await load;
    const after = await runLoad({
      url: `${relay.url}/relay/graphql`,
      method: 'POST',
      body: QUERY,
      headers: relayHeaders,
      connections: 2,
      duration: 1,
    });
    const cut = drops.filter((d) => d.cut).length;
    ctx.log(
      `dropped reports: ${cut} cut, ${drops.filter((d) => d.timedOut).length} hung, ${drops.length - cut} completed`,
    );
    return {
      healthyRps: healthy.rps,
      healthyP99: healthy.p99,
      healthyErrors: healthy.errors + healthy.timeouts + healthy.non2xx,
      dropsCut: cut,
      dropsHung: drops.filter((d) => d.timedOut).length,
      dropKb: drops.reduce((n, d) => n + d.bytes, 0) / drops.length / 1000,
      afterErrors: after.total === 0 ? NaN : after.errors + after.timeouts + after.non2xx,
      relayRssMb: relay.rssMb(),
    };
  },
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runStandalone(loadFaults);
}
