import { runLoad, type LoadOptions, type LoadResult } from '../lib/load.ts';
import { SkipScenario, type Scenario } from '../lib/types.ts';

const QUERY = JSON.stringify({ query: '{ currentUser { username } }' });
/** Per side and repetition: SEGMENTS alternating runs of SEGMENT_SECONDS each. */
const SEGMENTS = 5;
const SEGMENT_SECONDS = 1;
const CONNECTIONS = 10;

/** Sums alternating segments: req/s over their total time, p99 = the median segment's p99. */
function combine(runs: LoadResult[]): LoadResult {
  const total = runs.reduce((n, r) => n + r.total, 0);
  const p99s = runs.map((r) => r.p99).sort((a, b) => a - b);
  const sum = (k: 'errors' | 'timeouts' | 'non2xx') => runs.reduce((n, r) => n + r[k], 0);
  return {
    rps: total / (runs.length * SEGMENT_SECONDS),
    total,
    p50: NaN,
    p99: p99s[p99s.length >> 1],
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
  };
}

/**
 * Scenario 7: the sandbox's GraphQL endpoint under load from a second process (autocannon),
 * directly and through the relay. The relay runs in its own server process (SANDBOX=off) so it
 * does not share an event loop with the sandbox it forwards to, as in real use.
 */
export const serverLoad: Scenario = {
  name: 'server',
  title: `7. Server: { currentUser } under load (${CONNECTIONS} connections, ${SEGMENTS * SEGMENT_SECONDS} s each side)`,
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
      duration: SEGMENT_SECONDS,
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
    // Short alternating segments, so a change in the (shared) machine's load hits both sides
    // alike instead of favouring whichever ran during a quiet spell.
    const runs: Record<'direct' | 'relay', LoadResult[]> = { direct: [], relay: [] };
    for (let i = 0; i < SEGMENTS; i++) {
      const order =
        (i + ctx.rep) % 2 === 0 ? (['direct', 'relay'] as const) : (['relay', 'direct'] as const);
      for (const side of order)
        runs[side].push(await runLoad(side === 'direct' ? directOpts : relayOpts));
    }
    const direct = combine(runs.direct);
    const relay = combine(runs.relay);
    return {
      directRps: direct.rps,
      directP99: direct.p99,
      relayRps: relay.rps,
      relayP99: relay.p99,
      relayRatio: relay.rps / direct.rps,
      errors: [direct, relay].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      relayRssMb: relayServer.rssMb(),
      sandboxRssMb: sandboxServer.rssMb(),
    };
  },
};
