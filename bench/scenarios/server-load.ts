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
    p99: p99s[p99s.length >> 1] ?? NaN,
    errors: sum('errors'),
    timeouts: sum('timeouts'),
    non2xx: sum('non2xx'),
  };
}

/**
 * Scenario 7: the sandbox's GraphQL endpoint under load from a second process (autocannon):
 * direct; through the relay of the same server process, as `npm start` runs it (the target
 * ratio); and through the relay of a separate server process (SANDBOX=off), as when the
 * instance is elsewhere. On a 2-core machine the extra process competes for CPU with the
 * sandbox and the load generator, so its ratio is a floor, not the relay's own cost.
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
    separateRps: { label: 'relay in own process req/s', unit: 'req/s', better: 'higher' },
    separateP99: { label: 'relay in own process p99', unit: 'ms' },
    separateRatio: { label: 'own-process relay/direct', unit: 'ratio', better: 'higher' },
    errors: { label: 'errors+timeouts+non-2xx', unit: 'count', target: 0 },
    relayRssMb: { label: 'own-process relay RSS after', unit: 'MB' },
    sandboxRssMb: { label: 'app+sandbox process RSS after', unit: 'MB' },
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
    const separateOpts: LoadOptions = {
      ...base,
      url: `${relayServer.url}/relay/graphql`,
      headers: {
        Authorization: auth,
        'Content-Type': 'application/json',
        'X-Debug-Console': '1',
        'X-Relay-Target': info.base_url,
      },
    };
    const relayOpts: LoadOptions = {
      ...separateOpts,
      url: `${sandboxServer.url}/relay/graphql`,
    };
    const opts = { direct: directOpts, relay: relayOpts, separate: separateOpts };
    const sides = Object.keys(opts) as (keyof typeof opts)[];
    if (ctx.rep === 0)
      // Warm every path (JIT, keep-alive sockets) before the first measurement.
      for (const side of sides) await runLoad({ ...opts[side], duration: 1 });
    // Short alternating segments, so a change in the (shared) machine's load hits both sides
    // alike instead of favouring whichever ran during a quiet spell.
    const runs: Record<keyof typeof opts, LoadResult[]> = { direct: [], relay: [], separate: [] };
    for (let i = 0; i < SEGMENTS; i++) {
      const shift = (i + ctx.rep) % sides.length;
      for (const side of [...sides.slice(shift), ...sides.slice(0, shift)])
        runs[side].push(await runLoad(opts[side]));
    }
    const direct = combine(runs.direct);
    const relay = combine(runs.relay);
    const separate = combine(runs.separate);
    return {
      directRps: direct.rps,
      directP99: direct.p99,
      relayRps: relay.rps,
      relayP99: relay.p99,
      relayRatio: relay.rps / direct.rps,
      separateRps: separate.rps,
      separateP99: separate.p99,
      separateRatio: separate.rps / direct.rps,
      errors: [direct, relay, separate].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
      relayRssMb: relayServer.rssMb(),
      sandboxRssMb: sandboxServer.rssMb(),
    };
  },
};
