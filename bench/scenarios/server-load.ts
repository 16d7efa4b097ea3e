import { runLoad, type LoadOptions, type LoadResult } from '../lib/load.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

const QUERY = JSON.stringify({ query: '{ currentUser { username } }' });
const SECONDS = 5;
const CONNECTIONS = 10;

/**
 * Scenario 7: the sandbox's GraphQL endpoint under load from a second process (autocannon),
 * directly and through the relay. The relay runs in its own server process (SANDBOX=off) so it
 * does not share an event loop with the sandbox it forwards to, as in real use.
 */
export const serverLoad: Scenario = {
  name: 'server',
  title: `7. Server: { currentUser } under load (${CONNECTIONS} connections, ${SECONDS} s each)`,
  metrics: {
    directRps: { label: 'direct req/s', unit: 'req/s', better: 'higher' },
    directP99: { label: 'direct p99', unit: 'ms' },
    relayRps: { label: 'relay req/s', unit: 'req/s', better: 'higher' },
    relayP99: { label: 'relay p99', unit: 'ms' },
    relayRatio: { label: 'relay/direct req/s', unit: 'ratio', target: 0.9, better: 'higher' },
    errors: { label: 'errors+timeouts+non-2xx', unit: 'count', target: 0 },
    relayRssMb: { label: 'relay process RSS after', unit: 'MB' },
    sandboxRssMb: { label: 'sandbox process RSS after', unit: 'MB' },
  },
  async run(ctx) {
    const sandboxServer = await ctx.server();
    const info = sandboxServer.sandbox;
    if (!info) throw new SkipScenario('the default server runs without a sandbox.');
    const auth = `token ${info.tokens.user ?? ''}`;
    const graphql = `${info.base_url}/.api/graphql`;
    const probe = await fetch(graphql, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
      body: QUERY,
    });
    if (probe.status !== 200)
      throw new SkipScenario(
        `the sandbox answers ${probe.status} to { currentUser } (${(await probe.text()).trim().slice(0, 80)}); nothing to load-test yet.`,
      );
    const relayServer = await ctx.serverWith({ SANDBOX: 'off' });
    const base: Omit<LoadOptions, 'url'> = {
      method: 'POST',
      body: QUERY,
      connections: CONNECTIONS,
      duration: SECONDS,
    };
    const directOpts: LoadOptions = {
      ...base,
      url: graphql,
      headers: { Authorization: auth, 'Content-Type': 'application/json' },
    };
    const relayOpts: LoadOptions = {
      ...base,
      url: `${relayServer.url}/relay/graphql`,
      headers: {
        Authorization: auth,
        'Content-Type': 'application/json',
        'X-Debug-Console': '1',
        'X-Relay-Target': info.base_url,
      },
    };
    if (ctx.rep === 0) {
      // Warm both paths (JIT, keep-alive sockets) before the first measurement.
      await runLoad({ ...directOpts, duration: 1 });
      await runLoad({ ...relayOpts, duration: 1 });
    }
    // Alternate the order so a drift in machine load does not always favour one side.
    let direct: LoadResult;
    let relay: LoadResult;
    if (ctx.rep % 2 === 0) {
      direct = await runLoad(directOpts);
      relay = await runLoad(relayOpts);
    } else {
      relay = await runLoad(relayOpts);
      direct = await runLoad(directOpts);
    }
    const bad = (r: LoadResult) => r.errors + r.timeouts + r.non2xx;
    return {
      directRps: direct.rps,
      directP99: direct.p99,
      relayRps: relay.rps,
      relayP99: relay.p99,
      relayRatio: relay.rps / direct.rps,
      errors: bad(direct) + bad(relay),
      relayRssMb: relayServer.rssMb(),
      sandboxRssMb: sandboxServer.rssMb(),
    };
  },
};
